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

/**
 * The login page for an English customer's panel user (issue 37): the panel sends them to `/login?lang=en` (after a
 * logout or an expired session, and from the invitation), as the page cannot know the person before the login.
 */
export const authMessagesEn: { [K in keyof typeof authMessages]: string } = {
  title: 'Sign in',
  appName: 'Spedycja',
  login: 'Login',
  password: 'Password',
  submit: 'Sign in',
  togglePassword: 'Show or hide the characters',
  missingFields: validationMessages.loginMissingFields,
  loginFailed: 'The sign-in failed!',
  loginSuccess: 'Signed in.',
};

/** The login page's language: English only when the address asks for it (`?lang=en`), Polish otherwise. */
export const loginTextsFor = (search: string) =>
  new URLSearchParams(search).get('lang') === 'en' ? authMessagesEn : authMessages;
