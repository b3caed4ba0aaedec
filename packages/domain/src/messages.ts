/** Polish texts shared by the server and the web app (SPEC §5, §8). */

export const validationMessages = {
  required: 'To pole nie może być puste!',
  email: 'Podany adres e-mail jest niepoprawny!',
  minLength: (length: number) => `To pole musi zawierać minimum ${length} znaków!`,
  maxLength: (length: number) => `To pole może zawierać maksymalnie ${length} znaków!`,
  numeric: 'To pole może zawierać jedynie liczbę!',
  alphanumeric: 'To pole może zawierać jedynie litery oraz cyfry!',
  minValue: (min: number | string) => `Minimalna wartość dla tego pola to: ${min}!`,
  maxValue: (max: number | string) => `Maksymalna wartość dla tego pola to: ${max}!`,
  oneOf: 'Wybierz jedną z dostępnych wartości!',
  loadingAfterUnloading: 'Data załadunku nie może być późniejsza niż data rozładunku!',
  loginMissingFields: 'Some fields are missing!',
} as const;

/**
 * 'Wystąpił błąd podczas {action}!' with ' Szczegóły: {message}' when the request itself failed. `action` is the
 * noun phrase in the genitive of SPEC §8 ('tworzenia klienta'). A caller that gives a whole sentence instead ('Nie
 * udało się zaksięgować płatności', with or without its '!') gets that sentence, ended once, and the details after
 * it: 'Wystąpił błąd podczas Nie udało się…!' would be no Polish at all. A sentence starts with a capital letter; a
 * SPEC phrase never does.
 */
export function actionErrorMessage(action: string, details?: string | null): string {
  const text = action.trim();
  const base = isSentence(text) ? endSentence(text) : `Wystąpił błąd podczas ${text.replace(/[.!?…\s]+$/u, '')}!`;
  return details ? `${base} Szczegóły: ${details}` : base;
}

const isSentence = (text: string) => /^\p{Lu}/u.test(text);
/** The sentence with one closing mark: its own '.', '!', '?' or '…', else '!' (as SPEC §8's messages end). */
const endSentence = (text: string) => (/[.!?…]$/u.test(text) ? text : `${text}!`);

/** Errors the server answers with (problem+json `detail`). */
export const apiMessages = {
  unauthorized: 'Brak autoryzacji. Zaloguj się ponownie.',
  forbidden: 'Nie masz uprawnień do wykonania tej operacji.',
  notFound: 'Nie znaleziono zasobu.',
  routeNotFound: 'Nie znaleziono takiego adresu.',
  badRequest: 'Nieprawidłowe żądanie.',
  invalidJson: 'Treść żądania nie jest poprawnym dokumentem JSON.',
  validationFailed: 'Przesłane dane są nieprawidłowe.',
  invalidFilter: (name: string) => `Nieprawidłowa wartość parametru „${name}”.`,
  invalidUuid: 'Nieprawidłowy identyfikator.',
  internal: 'Wystąpił nieoczekiwany błąd serwera. Spróbuj ponownie później.',
  writeCollided: 'Ten zapis zbiegł się w czasie z innym i nic nie zostało zapisane. Spróbuj ponownie.',
  badCredentials: 'Nieprawidłowy login lub hasło.',
  refreshInvalid: 'Sesja wygasła. Zaloguj się ponownie.',
  tooManyLoginAttempts: (minutes: number) =>
    `Zbyt wiele nieudanych prób logowania. Spróbuj ponownie za ${minutes} min.`,
  tooManyRequests: 'Zbyt wiele żądań. Spróbuj ponownie za chwilę.',
  loginTaken: 'Użytkownik o podanym loginie już istnieje!',
  cannotDeleteSelf: 'Nie możesz usunąć własnego konta!',
  cannotDropOwnAdmin: 'Nie możesz odebrać sobie roli administratora!',
  lastAdmin: 'Nie można usunąć ostatniego administratora!',
  unknownSetting: 'Nie ma takiego ustawienia.',
  unknownDeletableType: 'Nieznany typ rekordu.',
  alreadyDeleted: 'Ten rekord został już usunięty.',
  notDeleted: 'Ten rekord nie jest usunięty.',
  passwordIsLogin: 'Hasło nie może być takie samo jak login!',
  passwordTooCommon: 'To hasło jest zbyt popularne. Wybierz inne!',
  idempotencyKeyInvalid: 'Nagłówek Idempotency-Key musi mieć od 1 do 255 znaków (litery, cyfry, znaki drukowalne).',
  idempotencyKeyReused: 'Ten klucz Idempotency-Key został już użyty z inną treścią żądania.',
  versionConflict: 'Ten rekord został w międzyczasie zmieniony przez innego użytkownika.',
  ifMatchInvalid: 'Nieprawidłowy nagłówek If-Match.',
} as const;

export const partyMessages = {
  nipInvalid: 'Podany numer NIP jest niepoprawny!',
  accountInvalid: 'Podany numer konta jest niepoprawny!',
} as const;

/** The carriers' public offer: the page's texts and the verification e-mail (SPEC §8). */
export const publicOfferMessages = {
  success: 'Twoja oferta została przesłana, ale nie jest jeszcze aktywna',
  successHint: 'Kliknij link w wiadomości e-mail, którą do Ciebie wysłaliśmy, aby aktywować ofertę.',
  error: 'Wystapił błąd podczas przesyłania Twojej oferty. Spróbuj ponownie później!',
  queryClosed: 'To zapytanie nie przyjmuje już ofert.',
  tooMany: 'Wysłano zbyt wiele ofert. Spróbuj ponownie za godzinę.',
  verified: 'Dziękujemy! Twoja oferta została aktywowana.',
  alreadyVerified: 'Ta oferta została już aktywowana.',
  linkInvalid: 'Link weryfikacyjny jest nieprawidłowy lub wygasł.',
  mailSubject: 'Potwierdź swoją ofertę przewozu',
  mailBody: (route: string, price: string, link: string) =>
    `Dzień dobry,\n\notrzymaliśmy Twoją ofertę ${price} na przewóz ${route}.\n` +
    `Aby ją aktywować, kliknij w link (ważny 48 godzin):\n${link}\n\n` +
    'Jeśli to nie Ty złożyłeś ofertę, zignoruj tę wiadomość.\n',
} as const;
