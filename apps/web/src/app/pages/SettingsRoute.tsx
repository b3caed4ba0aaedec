import { SettingsPage } from '../../features/settings/components/SettingsPage.tsx';
import { pageTitles } from '../messages.ts';
import { usePageTitle } from '../usePageTitle.ts';

export function SettingsRoute() {
  usePageTitle(pageTitles.settings);
  return <SettingsPage />;
}
