import { isCustomerUser } from '@spedycja/domain';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { decodeToken } from '../../features/auth/claims.ts';
import { LoginPage } from '../../features/auth/components/LoginPage.tsx';
import { authMessagesEn, loginTextsFor } from '../../features/auth/messages.ts';
import { session } from '../../lib/session.ts';
import { RedirectIfLoggedIn } from '../guards.tsx';
import { pageTitles } from '../messages.ts';
import { HOME_AFTER_LOGIN } from '../paths.ts';
import { queryClient } from '../queryClient.ts';
import { usePageTitle } from '../usePageTitle.ts';

/**
 * Login, then the settings and the drawer count go into the cache (SPEC §4) and the user to /queries. Their query
 * definitions are fetched then, with the staff pages, rather than weighing on the login page's first load.
 */
const prefetchAfterLogin = async () => {
  const [{ settingsQueryOptions }, { drawerNotificationsQueryOptions }] = await Promise.all([
    import('../../features/settings/api/getSettings.ts'),
    import('../../features/tasks/api/getDrawerNotifications.ts'),
  ]);
  void queryClient.prefetchQuery(settingsQueryOptions());
  void queryClient.prefetchQuery(drawerNotificationsQueryOptions());
};

export function LoginRoute() {
  // An English panel user's login (`?lang=en`, issue 37) is titled and marked English too.
  const english = loginTextsFor(window.location.search) === authMessagesEn;
  usePageTitle(english ? authMessagesEn.title : pageTitles.login);
  useEffect(() => {
    if (!english) return;
    document.documentElement.lang = 'en';
    return () => {
      document.documentElement.lang = 'pl';
    };
  }, [english]);
  const navigate = useNavigate();
  const handleLoggedIn = useCallback(() => {
    // A customer's panel login (issue 37): RedirectIfLoggedIn sends it to the panel's own build; no staff page is
    // fetched, and one navigation only.
    if (isCustomerUser(decodeToken(session.getToken())?.roles)) return;
    queryClient.clear();
    void prefetchAfterLogin();
    navigate(HOME_AFTER_LOGIN, { replace: true });
  }, [navigate]);
  return (
    <RedirectIfLoggedIn>
      <LoginPage onLoggedIn={handleLoggedIn} />
    </RedirectIfLoggedIn>
  );
}
