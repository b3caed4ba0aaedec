import { mailMessages } from '@spedycja/domain';

/** The texts of the mail state: the header's warning and the settings page's section. */
export const mailUiMessages = {
  offBanner: mailMessages.mailOffBanner,
  offBannerHint: 'Aby wysyłać e-maile, ustaw SMTP_URL (patrz Ustawienia → Poczta).',
  offBannerMore: 'Więcej',
  sectionTitle: 'Poczta',
  modeSmtp: 'Poczta włączona: wiadomości są wysyłane przez serwer SMTP.',
  modeFile: mailMessages.mailOffBanner,
  howToConnect:
    'Aby wysyłać wiadomości, uruchom aplikację ze zmienną SMTP_URL, np. SMTP_URL=smtp://uzytkownik:haslo@smtp.firma.pl:587, oraz MAIL_FROM z adresem nadawcy, a następnie uruchom ją ponownie. Do tego czasu każda wiadomość jest zapisywana jako plik .eml w folderze danych (mail/).',
  sender: (from: string) => `Nadawca: ${from}`,
  queue: (pending: number, failing: number) =>
    failing > 0 ? `W kolejce: ${pending} (ponawiane po błędzie: ${failing})` : `W kolejce: ${pending}`,
  testAddress: 'Adres do wiadomości testowej',
  testAddressHint: 'Puste: Twój adres e-mail z konta użytkownika.',
  sendTest: 'Wyślij wiadomość testową',
  sendTestAction: mailMessages.sendTest,
  loadStatusAction: 'ładowania stanu poczty',
} as const;
