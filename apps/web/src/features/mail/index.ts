/** What the app uses of the mail state: the admins' warning and the settings section. */
export { MailOffBanner } from './components/MailOffBanner.tsx';
export { MailSettingsSection } from './components/MailSettingsSection.tsx';
