/**
 * Who may call what, in one list each: the operations only administrators may call, and the ones anybody may
 * (everything else needs a logged-in user). The auth plugin applies these lists to the routes as they are defined
 * and refuses to start when a route says otherwise (an `adminOnly` or `public` route missing here, or a listed one
 * that does not say so), and the authorization-matrix test walks every operation of the OpenAPI document against
 * them: a new admin route cannot be forgotten on either side.
 *
 * Operations are written as the router knows them: 'METHOD /api/path/:param'.
 */
export const ADMIN_ONLY_OPERATIONS: readonly string[] = [
  'POST /api/users',
  'PUT /api/users/:id',
  'PATCH /api/users/:id',
  'DELETE /api/users/:id',
  'PUT /api/settings/:id',
  'PATCH /api/settings/:id',
  'GET /api/exchange_rates/eur',
  'POST /api/settings/euroExchangeRate/refresh',
  'POST /api/restore/:id',
  'POST /api/mail/test',
  'PUT /api/telegram/bot',
  'DELETE /api/telegram/bot',
  'GET /api/stats',
  'GET /api/payments',
  'POST /api/payments/:id/paid',
  'GET /api/invoices',
  'GET /api/invoices/summary',
  'GET /api/invoices/:id',
  'POST /api/invoices',
  'PUT /api/invoices/:id',
  'PATCH /api/invoices/:id',
  'DELETE /api/invoices/:id',
  'GET /api/invoices/:id/export/pdf',
  'GET /api/invoices/:id/export/ksef',
  'GET /api/invoices/:id/send',
  'POST /api/invoices/:id/send',
  'GET /api/orders/:id/invoiceDraft',
  'GET /api/invoices/:id/draft',
  'POST /api/invoice_positions',
  'GET /api/invoice_positions/:id',
  'POST /api/invoice_positions/:id',
  'PUT /api/invoice_positions/:id',
  'PATCH /api/invoice_positions/:id',
  'DELETE /api/invoice_positions/:id',
  'GET /api/invoices/export',
  'GET /api/payments/export',
  'GET /api/ksef/config',
  'PUT /api/ksef/config',
  'PATCH /api/ksef/config',
  'POST /api/ksef/check',
  'POST /api/ksef/sync',
  'POST /api/invoices/:id/ksef',
  'GET /api/invoices/:id/ksef/upo',
  'GET /api/received_invoices',
  'GET /api/received_invoices/:id',
  'GET /api/received_invoices/:id/xml',
  'GET /api/received_invoices/:id/pdf',
  'PUT /api/received_invoices/:id',
  'PATCH /api/received_invoices/:id',
  'GET /api/invoice_payments',
  'GET /api/invoice_payments/:id',
  'POST /api/invoice_payments',
  'DELETE /api/invoice_payments/:id',
  'GET /api/carrier_payments',
  'GET /api/carrier_payments/:id',
  'POST /api/carrier_payments',
  'DELETE /api/carrier_payments/:id',
  'GET /api/receivables/balances',
  'GET /api/invoices/:id/reminders',
  'POST /api/invoices/:id/reminders',
  'GET /api/invoices/:id/interest',
  'GET /api/invoices/:id/interest_notes',
  'POST /api/invoices/:id/interest_notes',
  'GET /api/interest_notes/:id',
  'GET /api/interest_notes/:id/pdf',
  'POST /api/interest_notes/:id/send',
  'GET /api/bank_csv_mappings',
  'GET /api/bank_statements',
  'GET /api/bank_statements/:id',
  'GET /api/bank_statements/:id/history',
  'POST /api/bank_statements',
  'POST /api/bank_statements/:id/book',
  'POST /api/imports',
  'GET /api/imports',
  'GET /api/imports/:id',
  'GET /api/imports/:id/preview',
  'PUT /api/imports/:id/mapping',
  'POST /api/imports/:id/check',
  'POST /api/imports/:id/run',
  'POST /api/imports/:id/verify',
  'GET /api/imports/:id/rejected',
  'GET /api/import_mappings',
  'POST /api/import_mappings',
  // Issue 38: carriers' invoices are written by admins (everyone reads them and 'Do zapłaty'); batches move money.
  'POST /api/carrier_invoices',
  'PUT /api/carrier_invoices/:id',
  'PATCH /api/carrier_invoices/:id',
  'POST /api/carrier_invoices/from_ksef/:id',
  'POST /api/carrier_invoices/from_portal/:id',
  'GET /api/transfer_batches',
  'GET /api/transfer_batches/:id',
  'GET /api/transfer_batches/:id/history',
  'POST /api/transfer_batches',
  'GET /api/transfer_batches/:id/file',
  'POST /api/transfer_batches/:id/cancel',
  'POST /api/transfer_batches/:id/paid',
  'GET /api/cashflow',
];

/** Without a token: logging in, the carriers' public pages and links, Telegram's webhook (its own secret), the health check. */
export const PUBLIC_OPERATIONS: readonly string[] = [
  'POST /api/login',
  'POST /api/token/refresh',
  'POST /api/logout',
  'GET /api/public/queries',
  'POST /api/public/offers',
  'POST /api/public/offers/verify',
  'GET /api/public/offers/verify',
  'GET /api/public/portal/:token',
  'POST /api/public/portal/:token/accept',
  'POST /api/public/portal/:token/decline',
  'PUT /api/public/portal/:token/vehicle',
  'POST /api/public/portal/:token/events',
  'POST /api/public/portal/:token/documents',
  'POST /api/public/portal/:token/invoice',
  // Issue 39: the carrier's link shares the phone's position; telematics send with a carrier's API key.
  'POST /api/public/portal/:token/positions',
  'POST /api/positions',
  'GET /api/public/portal/:token/documents/:id/content',
  'GET /api/public/documents/:id/content',
  'GET /api/public/track/:token',
  'GET /api/public/track/:token/documents/:id',
  'POST /api/panel/invitations/:token/accept',
  'POST /api/telegram/webhook',
  'GET /api/health',
];

/**
 * The customer panel's own calls (issue 37): a ROLE_CUSTOMER login reaches these and nothing else; staff get 403 here.
 */
export const PANEL_OPERATIONS: readonly string[] = [
  'GET /api/panel/me',
  'GET /api/panel/orders',
  'GET /api/panel/orders/:id',
  'GET /api/panel/queries',
  'POST /api/panel/queries',
  'GET /api/panel/invoices',
  'GET /api/panel/invoices/:id/pdf',
  'GET /api/panel/balance',
];

const adminSet = new Set(ADMIN_ONLY_OPERATIONS);
const panelSet = new Set(PANEL_OPERATIONS);
const publicSet = new Set(PUBLIC_OPERATIONS);

export const operationKey = (method: string, url: string) => `${method.toUpperCase()} ${url}`;
export const isAdminOnlyOperation = (method: string, url: string) => adminSet.has(operationKey(method, url));
export const isPublicOperation = (method: string, url: string) => publicSet.has(operationKey(method, url));
export const isPanelOperation = (method: string, url: string) => panelSet.has(operationKey(method, url));
