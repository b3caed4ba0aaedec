import { z } from 'zod';
import { notFound } from './errors.ts';

export const idParams = z.object({ id: z.string().max(100) });

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Items are addressed by uuid; anything else cannot exist, so it is a 404 like API Platform's. */
export function uuidParam(id: string): string {
  if (!UUID_RE.test(id)) throw notFound();
  return id.toLowerCase();
}
