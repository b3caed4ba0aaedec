import { Stack, Text, Title } from '@mantine/core';
import { isCustomerUser } from '@spedycja/domain';
import { type ReactNode, useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useAuth } from '../features/auth/useAuth.ts';
import { appMessages } from './messages.ts';
import { HOME_AFTER_LOGIN, paths } from './paths.ts';
import { usePageTitle } from './usePageTitle.ts';

/** A customer's panel login (issue 37) belongs in the panel, its own build: the back-office is not for it. */
function ToCustomerPanel() {
  useEffect(() => {
    window.location.replace('/panel');
  }, []);
  return null;
}

/** Protected routes: without a session, to /login (also when another tab logs out). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isLoggedIn, user } = useAuth();
  const location = useLocation();
  if (!isLoggedIn) return <Navigate to={paths.login} replace state={{ from: location.pathname }} />;
  if (isCustomerUser(user?.roles)) return <ToCustomerPanel />;
  return <>{children}</>;
}

/** /login for someone already logged in (or who just did, here or in another tab): to the queries, or the panel. */
export function RedirectIfLoggedIn({ children }: { children: ReactNode }) {
  const { isLoggedIn, user } = useAuth();
  if (isLoggedIn && isCustomerUser(user?.roles)) return <ToCustomerPanel />;
  if (isLoggedIn) return <Navigate to={HOME_AFTER_LOGIN} replace />;
  return <>{children}</>;
}

function NoPermission() {
  usePageTitle(appMessages.noPermissionTitle);
  return (
    <Stack gap="xs">
      <Title order={1} size="h2">
        {appMessages.noPermissionTitle}
      </Title>
      <Text>{appMessages.noPermission}</Text>
    </Stack>
  );
}

/** Admin pages show a plain refusal to other users (the server refuses their calls anyway). */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { isAdmin } = useAuth();
  return isAdmin ? children : <NoPermission />;
}
