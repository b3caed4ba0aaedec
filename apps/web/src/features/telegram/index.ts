/** What the app uses of Telegram: the page. */
export { TelegramPage } from './components/TelegramPage.tsx';
