/** What the app uses of the mail state: the admins' warning and the settings section. */

export { useMailIsOff } from './api/getMailStatus.ts';
export { MailOffBanner } from './components/MailOffBanner.tsx';
export { MailSettingsSection } from './components/MailSettingsSection.tsx';
