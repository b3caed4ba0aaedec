import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import { adminOnly, assertMayListDeleted } from '../../http/auth.ts';
import { registerExport, sendExport } from '../../http/export.ts';
import type { RawQuery } from '../../http/filters.ts';
import { parseSide } from '../payments/filters.ts';
import {
  archiveExport,
  carrierExport,
  customerExport,
  invoiceExport,
  orderExport,
  paymentExport,
  queryExport,
  taskExport,
} from './sources.ts';

/** GET …/export of every list: each source (sources.ts) under its list's path and role rules. */
export async function exportsRoutes(app: FastifyInstance, { db }: { db: Db }) {
  // The same role rules as the lists: the deleted views for admins, invoices and payments for admins only.
  const lists = { authorize: assertMayListDeleted };
  registerExport(app, db, '/api/orders/export', orderExport, { ...lists, tag: 'Orders' });
  registerExport(app, db, '/api/loadings/archive/export', archiveExport, { tag: 'Loadings' });
  registerExport(app, db, '/api/queries/export', queryExport, { ...lists, tag: 'Queries' });
  registerExport(app, db, '/api/tasks/export', taskExport, { ...lists, tag: 'Tasks' });
  registerExport(app, db, '/api/customers/export', customerExport, { tag: 'Customers' });
  registerExport(app, db, '/api/carriers/export', carrierExport, { tag: 'Carriers' });
  registerExport(app, db, '/api/invoices/export', invoiceExport, { config: adminOnly, tag: 'Invoices' });
  const sources = { customer: paymentExport('customer'), carrier: paymentExport('carrier') };
  app.get(
    '/api/payments/export',
    { config: adminOnly, compress: false, schema: { tags: ['Payments'] } },
    async (request, reply) => sendExport(db, request, reply, sources[parseSide((request.query as RawQuery).side)]),
  );
}
