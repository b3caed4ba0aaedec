import { createBrowserRouter, type RouteObject } from 'react-router';
import { AdminOnly, RequireAuth } from './guards.tsx';
import { AppLayout } from './layout/AppLayout.tsx';
import { pageTitles } from './messages.ts';
import { LoginRoute } from './pages/LoginRoute.tsx';
import { NotAvailablePage } from './pages/NotAvailablePage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { PublicPage } from './pages/PublicPage.tsx';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';
import { SettingsRoute } from './pages/SettingsRoute.tsx';
import { UsersRoute } from './pages/UsersRoute.tsx';
import { type PathKey, paths } from './paths.ts';

/** A protected page whose feature is not built yet; admin-only ones say so to other users first. */
const pending = (key: PathKey, adminOnly = false): RouteObject => {
  const page = <NotAvailablePage title={pageTitles[key]} />;
  return { path: paths[key], element: adminOnly ? <AdminOnly>{page}</AdminOnly> : page };
};

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    children: [
      { path: paths.home, element: <PublicPage title={pageTitles.home} /> },
      { path: paths.verify, element: <PublicPage title={pageTitles.verify} /> },
      { path: paths.login, element: <LoginRoute /> },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          pending('queries'),
          pending('telegram'),
          pending('orders'),
          {
            path: paths.users,
            element: (
              <AdminOnly>
                <UsersRoute />
              </AdminOnly>
            ),
          },
          pending('customers'),
          pending('carriers'),
          pending('loadingsCalendar'),
          pending('loadingsArchive'),
          pending('tasks'),
          pending('invoicesVat', true),
          pending('invoicesProforma', true),
          pending('invoicesCorrective', true),
          pending('stats', true),
          {
            path: paths.settings,
            element: (
              <AdminOnly>
                <SettingsRoute />
              </AdminOnly>
            ),
          },
          pending('deletedTasks', true),
          pending('deletedOrders', true),
          pending('deletedQueries', true),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
