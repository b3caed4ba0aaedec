import { debtorMessages } from '@spedycja/domain';

/** The debtors' Polish texts: the domain's (the server's 422s use the same words). */
export const debtorTexts = debtorMessages;
