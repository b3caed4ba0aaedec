import { AppShell } from '@mantine/core';
import { useLocalStorage } from '@mantine/hooks';
import { ModalsProvider } from '@mantine/modals';
import { isAdmin } from '@spedycja/domain';
import { useCallback } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { componentMessages } from '../../components/messages.ts';
import { NavigationGuard } from '../../components/NavigationGuard.tsx';
import { logout } from '../../features/auth/api/logout.ts';
import { useAuth } from '../../features/auth/useAuth.ts';
import { MailOffBanner } from '../../features/mail/index.ts';
import { AddActionsProvider } from '../addActions.tsx';
import { paths } from '../paths.ts';
import { queryClient } from '../queryClient.ts';
import { SideDrawer } from './SideDrawer.tsx';
import { SkipToTable } from './SkipToTable.tsx';

const DRAWER_WIDTH = 272;
const DRAWER_COLLAPSED_WIDTH = 76;

/** The logged-in layout: the side drawer and the page (and Mantine's modals manager, which only staff pages use). */
export function AppLayout() {
  const { user } = useAuth();
  const navigate = useNavigate();
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'drawerCollapsed', defaultValue: false });

  const handleLogout = useCallback(async () => {
    await logout();
    queryClient.clear();
    navigate(paths.login, { replace: true });
  }, [navigate]);

  if (!user) return null;
  return (
    <ModalsProvider labels={{ confirm: componentMessages.yes, cancel: componentMessages.no }}>
      <AddActionsProvider>
        <SkipToTable />
        <AppShell
          navbar={{ width: collapsed ? DRAWER_COLLAPSED_WIDTH : DRAWER_WIDTH, breakpoint: 0 }}
          padding="md"
          transitionDuration={150}
        >
          <AppShell.Navbar aria-label="Menu boczne">
            <SideDrawer
              user={user}
              collapsed={collapsed}
              onToggle={() => setCollapsed((c) => !c)}
              onLogout={() => void handleLogout()}
            />
          </AppShell.Navbar>
          <AppShell.Main id="main" bg="var(--mantine-color-gray-0)">
            <MailOffBanner enabled={isAdmin(user.roles)} settingsPath={paths.settings} />
            <NavigationGuard />
            <Outlet />
          </AppShell.Main>
        </AppShell>
      </AddActionsProvider>
    </ModalsProvider>
  );
}
