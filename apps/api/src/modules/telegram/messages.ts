/** The Polish texts the bot writes and the reasons the log gives (user-facing, so kept here). */
export const botTexts = {
  reminderTitle: (id: number) => `⏰ Przypomnienie o zadaniu #${id}`,
  assignmentTitle: (id: number, by: string) => `📋 ${by} przypisał(a) Ci zadanie #${id}`,
  offerTitle: (queryId: number) => `💶 Nowa zweryfikowana oferta do zapytania nr ${queryId}`,
  query: (id: number) => `Zapytanie nr ${id}`,
  order: (number: string) => `Zlecenie nr ${number}`,
  noEntry: 'Bez zapytania i zlecenia',
  phone: 'Telefon',
  comment: 'Komentarz',
  contactDate: 'Data kontaktu',
  openTask: 'Otwórz zadanie w aplikacji',
  openQueries: 'Otwórz zapytania w aplikacji',
  carrier: 'Przewoźnik',
  price: 'Cena',
  test: (name: string) => `✅ Wiadomość testowa ze Spedycji dla: ${name}. Powiadomienia działają.`,
  linked: (name: string, login: string) =>
    `✅ Połączono z kontem ${name} (${login}) w Spedycji. Tutaj będą przychodzić przypomnienia o zadaniach.`,
  badCode: '❌ Ten link jest nieprawidłowy albo wygasł. Wygeneruj nowy na stronie Telegram w aplikacji Spedycja.',
  startHelp: 'Aby połączyć konto, otwórz stronę Telegram w aplikacji Spedycja i użyj linku lub kodu QR z tej strony.',
  summary: {
    reminder: (entry: string) => `Przypomnienie: ${entry}`,
    assignment: (entry: string, by: string) => `Przypisanie przez ${by}: ${entry}`,
    offer: (queryId: number, price: string) => `Oferta ${price} do zapytania nr ${queryId}`,
    test: 'Wiadomość testowa',
    linked: 'Konto połączone',
    badCode: 'Nieprawidłowy lub wygasły kod połączenia',
    startHelp: 'Instrukcja połączenia konta',
  },
} as const;

/** Why a message was not (yet) sent, for the log. */
export const failureReasons = {
  blocked: (detail: string) => `Użytkownik zablokował bota lub nie rozpoczął z nim rozmowy (403: ${detail})`,
  rateLimited: (seconds: number) => `Telegram ogranicza liczbę wiadomości, ponowienie za ${seconds} s (429)`,
  server: (status: number, detail: string) => `Błąd serwera Telegrama (${status}: ${detail})`,
  network: (detail: string) => `Brak połączenia z Telegramem (${detail})`,
  token: (status: number) => `Telegram nie rozpoznał tokenu bota (${status})`,
  rejected: (status: number, detail: string) => `Telegram odrzucił wiadomość (${status}: ${detail})`,
  interrupted: 'Wysyłanie przerwane (zatrzymanie serwera); nie ponowiono, aby nie wysłać wiadomości dwa razy',
  gaveUp: (attempts: number, last: string) => `Nie wysłano po ${attempts} próbach: ${last}`,
} as const;
