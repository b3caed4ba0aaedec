import { z } from 'zod';
import { validationMessages as m } from './messages.ts';
import { positionsMessages as msg, POSITIONS_BATCH_MAX } from './positionsMessages.ts';

export * from './positionsMessages.ts';

const latitude = z
  .number({ error: msg.badCoordinates })
  .finite({ error: msg.badCoordinates })
  .min(-90, {
    error: msg.badCoordinates,
  })
  .max(90, { error: msg.badCoordinates });
const longitude = z
  .number({ error: msg.badCoordinates })
  .finite({ error: msg.badCoordinates })
  .min(-180, {
    error: msg.badCoordinates,
  })
  .max(180, { error: msg.badCoordinates });
/** A position's time: ISO 8601 with a zone; at most 5 minutes ahead of the server's clock (a phone's drift). */
const positionTime = z
  .string({ error: msg.badTime })
  .max(40, { error: msg.badTime })
  .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})$/.test(v), {
    error: msg.badTime,
  })
  .refine((v) => Number.isFinite(Date.parse(v)) && Date.parse(v) <= Date.now() + 5 * 60_000, { error: msg.badTime });

/** One telematics position. */
export const telematicsPositionSchema = z.object({
  plate: z
    .string({ error: msg.plateRequired })
    .trim()
    .min(1, { error: msg.plateRequired })
    .max(32, {
      error: m.maxLength(32),
    }),
  lat: latitude,
  lon: longitude,
  at: positionTime,
  speed: z.number({ error: m.numeric }).finite().min(0).max(300).optional(),
  heading: z.number({ error: m.numeric }).finite().min(0).max(360).optional(),
});

/**
 * POST /api/positions (X-Api-Key). The length is checked by the route before this (a 413 past POSITIONS_BATCH_MAX),
 * so that a huge batch is not validated item by item first.
 */
export const positionsBatchSchema = z.object({
  positions: z.array(telematicsPositionSchema).min(1, { error: msg.emptyBatch }).max(POSITIONS_BATCH_MAX, {
    error: msg.tooMany,
  }),
});
export type PositionsBatch = z.infer<typeof positionsBatchSchema>;

/** POST /api/public/portal/{token}/positions: the phone's position. */
export const portalPositionSchema = z.object({
  lat: latitude,
  lon: longitude,
  accuracy: z.number({ error: m.numeric }).finite().min(0).max(100_000).optional(),
  at: positionTime.optional(),
});

/** POST /api/carriers/{uuid}/api_keys. */
export const apiKeyCreateSchema = z.object({
  name: z
    .string({ error: msg.keyNameRequired })
    .trim()
    .min(1, { error: msg.keyNameRequired })
    .max(100, {
      error: m.maxLength(100),
    }),
});

/** GET /api/orders/{uuid}/positions: one position. */
export type OrderPosition = {
  lat: number;
  lon: number;
  accuracy: number | null;
  speed: number | null;
  heading: number | null;
  source: 'link' | 'telematics';
  at: string;
};

/** What the ETA was computed from ('how it was computed' in the order modal). */
export type EtaBasis = {
  stop: 'loading' | 'unloading';
  method: 'osrm' | 'offline';
  distanceKm: number;
  speedKmh: number;
  drivingMinutes: number;
  breaks: number;
  dailyRests: number;
  departedAt: string;
  windowEnd: string | null;
};

export type CarrierApiKey = {
  '@id': string;
  uuid: string;
  name: string;
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
};
