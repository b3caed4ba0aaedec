import { TelegramPage } from '../../features/telegram/index.ts';
import { pageTitles } from '../messages.ts';
import { usePageTitle } from '../usePageTitle.ts';

export function TelegramRoute() {
  usePageTitle(pageTitles.telegram);
  return <TelegramPage />;
}
