import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { LoginPage } from '../../features/auth/components/LoginPage.tsx';
import { settingsQueryOptions } from '../../features/settings/api/getSettings.ts';
import { drawerNotificationsQueryOptions } from '../../features/tasks/api/getDrawerNotifications.ts';
import { RedirectIfLoggedIn } from '../guards.tsx';
import { pageTitles } from '../messages.ts';
import { HOME_AFTER_LOGIN } from '../paths.ts';
import { queryClient } from '../queryClient.ts';
import { usePageTitle } from '../usePageTitle.ts';

/** Login, then the settings and the drawer count go into the cache (SPEC §4) and the user to /queries. */
export function LoginRoute() {
  usePageTitle(pageTitles.login);
  const navigate = useNavigate();
  const handleLoggedIn = useCallback(() => {
    queryClient.clear();
    void queryClient.prefetchQuery(settingsQueryOptions());
    void queryClient.prefetchQuery(drawerNotificationsQueryOptions());
    navigate(HOME_AFTER_LOGIN, { replace: true });
  }, [navigate]);
  return (
    <RedirectIfLoggedIn>
      <LoginPage onLoggedIn={handleLoggedIn} />
    </RedirectIfLoggedIn>
  );
}
