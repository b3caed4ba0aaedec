import type { Tx } from '../../db/client.ts';

/** Hooks of other modules (tasks) that move their rows to the new record. */
export type ConversionHook = (
  tx: Tx,
  from: { type: 'query' | 'order'; id: number },
  to: { type: 'query' | 'order'; id: number },
) => Promise<void>;
