import { validationMessages } from '@spedycja/domain';

/** Texts of the login page and the session (SPEC §5, §8). */
export const authMessages = {
  title: 'Logowanie',
  appName: 'Spedycja',
  login: 'Login',
  password: 'Hasło',
  submit: 'Zaloguj',
  togglePassword: 'Pokaż lub ukryj znaki',
  missingFields: validationMessages.loginMissingFields,
  loginFailed: 'Podczas logowania wystąpił błąd!',
  loginSuccess: 'Logowanie przebiegło pomyślnie!',
} as const;
