import type { FastifyRequest } from 'fastify';
import type { DbOrTx } from '../../db/client.ts';

/** The carrier's personal link (issue 25) that goes into the carrier's order mail, issued in the sending transaction. */
export type CarrierLinkIssuer = (
  tx: DbOrTx,
  order: { id: number; carrierId: number | null },
  request: FastifyRequest,
  userId: number | null,
) => Promise<string | undefined>;

/** The customer's tracking link and milestones (issue 37), called where an order is sent, loaded or unloaded. */
export type CustomerTrackHooks = {
  /** The link to put into the customer's order mail, when the customer is mailed the 'sent' milestone. */
  linkForOrderMail(tx: DbOrTx, orderId: number, request: FastifyRequest): Promise<string | undefined>;
  orderMailQueued(tx: DbOrTx, orderId: number, mailId: number, to: string, withLink: boolean): Promise<void>;
  loaded(tx: DbOrTx, orderId: number, request?: FastifyRequest): Promise<boolean>;
  unloaded(tx: DbOrTx, orderId: number, request?: FastifyRequest): Promise<void>;
  /** A CMR arrived (the carrier's upload or the office's). */
  cmrArrived(tx: DbOrTx, orderId: number, request?: FastifyRequest): Promise<void>;
};
