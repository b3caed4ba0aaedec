/** Every route of SPEC §2, in one place. */
export const paths = {
  home: '/',
  verify: '/verify',
  login: '/login',
  queries: '/queries',
  telegram: '/telegram',
  orders: '/orders',
  users: '/users',
  customers: '/customers',
  carriers: '/carriers',
  customersImport: '/customers/import',
  carriersImport: '/carriers/import',
  ordersImport: '/orders/import',
  loadingsCalendar: '/loadings/calendar',
  loadingsArchive: '/loadings/archive',
  tasks: '/tasks',
  invoicesVat: '/invoices/vat',
  invoicesProforma: '/invoices/proforma',
  invoicesCorrective: '/invoices/corrective',
  invoicesReceived: '/invoices/received',
  bankStatements: '/invoices/statements',
  payables: '/payables',
  cashflow: '/cashflow',
  stats: '/stats',
  settings: '/settings',
  deletedTasks: '/admin/deleted/tasks',
  deletedOrders: '/admin/deleted/orders',
  deletedQueries: '/admin/deleted/queries',
} as const;

export type PathKey = keyof typeof paths;

/** Where a user lands after logging in (and where an ended session sends them, SPEC §2). */
export const HOME_AFTER_LOGIN = paths.queries;
