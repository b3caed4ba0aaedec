/** What the app says about its e-mail: sent through a server, or kept in the folder when none is configured. */
export const MAIL_MODES = ['smtp', 'file'] as const;
export type MailMode = (typeof MAIL_MODES)[number];

/** GET /api/mail/status. */
export type MailStatus = { mode: MailMode; from: string; pending: number; failing: number };

export const mailMessages = {
  savedMailOff: 'Zapisano wiadomość (poczta wyłączona)',
  /** The order's history line of a document sent with mail off: kept in the folder, not sent. */
  keptInFolderHistory: (to: string) => `Zapisano w folderze — poczta wyłączona (${to})`,
  mailOffBanner: 'Poczta wyłączona — wiadomości zapisywane w folderze',
  testSent: 'Wiadomość testowa została wysłana!',
  testSavedMailOff: 'Wiadomość testowa została zapisana w folderze (poczta wyłączona).',
  testSubject: 'Wiadomość testowa ze Spedycji',
  testBody: 'To jest wiadomość testowa. Jeśli ją czytasz, wysyłanie poczty działa.',
  noRecipient: 'Podaj adres e-mail, na który wysłać wiadomość testową.',
  sendTest: 'wysyłania wiadomości testowej',
} as const;
