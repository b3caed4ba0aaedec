/** UI constants of SPEC §2 and §9 that only the web app needs (date formats come from the domain). */
export const MAIN_MODAL_WIDTH = 1000;
export const DATE_DIALOG_WIDTH = 290;
