import { createBrowserRouter, type RouteObject } from 'react-router';
import { AdminOnly, RequireAuth } from './guards.tsx';
import { AppLayout } from './layout/AppLayout.tsx';
import { pageTitles } from './messages.ts';
import { CarriersRoute } from './pages/CarriersRoute.tsx';
import { CustomersRoute } from './pages/CustomersRoute.tsx';
import { InvoicesRoute } from './pages/InvoicesRoute.tsx';
import { LoginRoute } from './pages/LoginRoute.tsx';
import { NotAvailablePage } from './pages/NotAvailablePage.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { DeletedOrdersRoute, OrdersRoute } from './pages/OrdersRoute.tsx';
import { PublicHomeRoute, VerifyRoute } from './pages/PublicPage.tsx';
import { DeletedQueriesRoute, QueriesRoute } from './pages/QueriesRoute.tsx';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';
import { SettingsRoute } from './pages/SettingsRoute.tsx';
import { DeletedTasksRoute, TasksRoute } from './pages/TasksRoute.tsx';
import { TelegramRoute } from './pages/TelegramRoute.tsx';
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
      { path: paths.home, element: <PublicHomeRoute /> },
      { path: paths.verify, element: <VerifyRoute /> },
      { path: paths.login, element: <LoginRoute /> },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        children: [
          { path: paths.queries, element: <QueriesRoute /> },
          { path: paths.telegram, element: <TelegramRoute /> },
          { path: paths.orders, element: <OrdersRoute /> },
          {
            path: paths.users,
            element: (
              <AdminOnly>
                <UsersRoute />
              </AdminOnly>
            ),
          },
          { path: paths.customers, element: <CustomersRoute /> },
          { path: paths.carriers, element: <CarriersRoute /> },
          pending('loadingsCalendar'),
          pending('loadingsArchive'),
          { path: paths.tasks, element: <TasksRoute /> },
          ...(['invoicesVat', 'invoicesProforma', 'invoicesCorrective'] as const).map((key) => ({
            path: paths[key],
            element: (
              <AdminOnly>
                <InvoicesRoute
                  type={key === 'invoicesVat' ? 'vat' : key === 'invoicesProforma' ? 'proforma' : 'corrective'}
                />
              </AdminOnly>
            ),
          })),
          pending('stats', true),
          {
            path: paths.settings,
            element: (
              <AdminOnly>
                <SettingsRoute />
              </AdminOnly>
            ),
          },
          {
            path: paths.deletedTasks,
            element: (
              <AdminOnly>
                <DeletedTasksRoute />
              </AdminOnly>
            ),
          },
          {
            path: paths.deletedOrders,
            element: (
              <AdminOnly>
                <DeletedOrdersRoute />
              </AdminOnly>
            ),
          },
          {
            path: paths.deletedQueries,
            element: (
              <AdminOnly>
                <DeletedQueriesRoute />
              </AdminOnly>
            ),
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
