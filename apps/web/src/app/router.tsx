import { createBrowserRouter, Outlet, type RouteObject } from 'react-router';
import { AdminOnly, RequireAuth } from './guards.tsx';
import { LoginRoute } from './pages/LoginRoute.tsx';
import { NotFoundPage } from './pages/NotFoundPage.tsx';
import { RouteErrorPage } from './pages/RouteErrorPage.tsx';
import { paths } from './paths.ts';

/*
 * Every page is lazy: `lazy: () => import('./pages/XRoute.tsx').then((m) => ({ Component: m.XRoute }))`, so each is
 * its own chunk, loaded when first visited, and a heavy part (calendar, charts, PDF preview) is paid for only on its
 * page. Add new pages the same way; never import a page module here directly (the login alone is part of the entry,
 * and stays light: limits in apps/web/build/routeBudgets.ts, checked by e2e/bundleSize.e2e.ts). The public pages (/ and /verify) are not here:
 * they are their own entry, public.html (src/publicMain.tsx), which the server sends for those two paths.
 */

export const routes: RouteObject[] = [
  {
    errorElement: <RouteErrorPage />,
    // The first page's chunk is still on its way: nothing rather than a flash of something else.
    HydrateFallback: () => null,
    children: [
      // The login is the door, part of the entry: no further round trip before it shows.
      { path: paths.login, element: <LoginRoute /> },
      {
        element: (
          <RequireAuth>
            <Outlet />
          </RequireAuth>
        ),
        children: [
          {
            // The drawer and its add modals: loaded once, with the first protected page.
            lazy: () => import('./layout/AppLayout.tsx').then((m) => ({ Component: m.AppLayout })),
            children: [
              {
                path: paths.queries,
                lazy: () => import('./pages/QueriesRoute.tsx').then((m) => ({ Component: m.QueriesRoute })),
              },
              {
                path: paths.telegram,
                lazy: () => import('./pages/TelegramRoute.tsx').then((m) => ({ Component: m.TelegramRoute })),
              },
              {
                path: paths.orders,
                lazy: () => import('./pages/OrdersRoute.tsx').then((m) => ({ Component: m.OrdersRoute })),
              },
              {
                path: paths.customers,
                lazy: () => import('./pages/CustomersRoute.tsx').then((m) => ({ Component: m.CustomersRoute })),
              },
              {
                path: paths.carriers,
                lazy: () => import('./pages/CarriersRoute.tsx').then((m) => ({ Component: m.CarriersRoute })),
              },
              {
                // FullCalendar is in this page's chunk only.
                path: paths.loadingsCalendar,
                lazy: () => import('./pages/LoadingsRoute.tsx').then((m) => ({ Component: m.LoadingsCalendarRoute })),
              },
              {
                path: paths.loadingsArchive,
                lazy: () =>
                  import('./pages/LoadingsArchiveRoute.tsx').then((m) => ({ Component: m.LoadingsArchiveRoute })),
              },
              {
                path: paths.tasks,
                lazy: () => import('./pages/TasksRoute.tsx').then((m) => ({ Component: m.TasksRoute })),
              },
              {
                // Admin pages: other users see a plain refusal (the server refuses their calls anyway).
                element: (
                  <AdminOnly>
                    <Outlet />
                  </AdminOnly>
                ),
                children: [
                  {
                    path: paths.stats,
                    lazy: () => import('./pages/StatsRoute.tsx').then((m) => ({ Component: m.StatsRoute })),
                  },
                  {
                    path: paths.invoicesVat,
                    lazy: () => import('./pages/InvoicesRoute.tsx').then((m) => ({ Component: m.VatInvoicesRoute })),
                  },
                  {
                    path: paths.invoicesProforma,
                    lazy: () =>
                      import('./pages/InvoicesRoute.tsx').then((m) => ({ Component: m.ProFormaInvoicesRoute })),
                  },
                  {
                    path: paths.invoicesCorrective,
                    lazy: () =>
                      import('./pages/InvoicesRoute.tsx').then((m) => ({ Component: m.CorrectiveInvoicesRoute })),
                  },
                  {
                    path: paths.customersImport,
                    lazy: () => import('./pages/ImportRoute.tsx').then((m) => ({ Component: m.CustomersImportRoute })),
                  },
                  {
                    path: paths.ordersImport,
                    lazy: () => import('./pages/ImportRoute.tsx').then((m) => ({ Component: m.OrdersImportRoute })),
                  },
                  {
                    path: paths.carriersImport,
                    lazy: () => import('./pages/ImportRoute.tsx').then((m) => ({ Component: m.CarriersImportRoute })),
                  },
                  {
                    path: paths.bankStatements,
                    lazy: () =>
                      import('./pages/StatementImportRoute.tsx').then((m) => ({ Component: m.StatementImportRoute })),
                  },
                  {
                    path: paths.payables,
                    lazy: () => import('./pages/PayablesRoute.tsx').then((m) => ({ Component: m.PayablesRoute })),
                  },
                  {
                    path: paths.cashflow,
                    lazy: () => import('./pages/PayablesRoute.tsx').then((m) => ({ Component: m.CashflowRoute })),
                  },
                  {
                    path: paths.invoicesReceived,
                    lazy: () =>
                      import('./pages/ReceivedInvoicesRoute.tsx').then((m) => ({ Component: m.ReceivedInvoicesRoute })),
                  },
                  {
                    path: paths.users,
                    lazy: () => import('./pages/UsersRoute.tsx').then((m) => ({ Component: m.UsersRoute })),
                  },
                  {
                    path: paths.settings,
                    lazy: () => import('./pages/SettingsRoute.tsx').then((m) => ({ Component: m.SettingsRoute })),
                  },
                  {
                    path: paths.deletedTasks,
                    lazy: () => import('./pages/TasksRoute.tsx').then((m) => ({ Component: m.DeletedTasksRoute })),
                  },
                  {
                    path: paths.deletedOrders,
                    lazy: () => import('./pages/OrdersRoute.tsx').then((m) => ({ Component: m.DeletedOrdersRoute })),
                  },
                  {
                    path: paths.deletedQueries,
                    lazy: () => import('./pages/QueriesRoute.tsx').then((m) => ({ Component: m.DeletedQueriesRoute })),
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
