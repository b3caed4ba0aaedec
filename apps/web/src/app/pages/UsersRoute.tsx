import { useAuth } from '../../features/auth/useAuth.ts';
import { UsersPage } from '../../features/users/components/UsersPage.tsx';
import { pageTitles } from '../messages.ts';
import { usePageTitle } from '../usePageTitle.ts';

export function UsersRoute() {
  usePageTitle(pageTitles.users);
  const { isAdmin } = useAuth();
  return <UsersPage canEdit={isAdmin} />;
}
