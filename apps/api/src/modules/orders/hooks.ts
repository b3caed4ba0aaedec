import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';

/** The carrier's personal link (issue 25) that goes into the carrier's order mail, issued in the sending transaction. */
export type CarrierLinkIssuer = (
  tx: DbOrTx,
  order: { id: number; carrierId: number | null },
  request: FastifyRequest,
  userId: number | null,
) => Promise<string | undefined>;
