import { z } from 'zod';
import { validationMessages as m } from './messages.ts';

/** Issue 39: the reasons a rating may name (Trans.eu's tags, in the office's words). */
export const RATING_TAGS = ['punktualność', 'dokumenty', 'komunikacja', 'stan towaru', 'zgodność z warunkami'] as const;
export type RatingTag = (typeof RATING_TAGS)[number];

/** How long the author may change a rating after giving it. */
export const RATING_EDIT_DAYS = 7;
export const RATING_COMMENT_MAX = 1000;

export const ratingMessages = {
  scoreRange: 'Ocena musi być liczbą całkowitą od 1 do 5!',
  notUnloaded: 'Przewoźnika można ocenić dopiero po rozładunku.',
  noCarrier: 'Zlecenie nie ma przewoźnika: nie ma kogo ocenić.',
  alreadyRated: 'To zlecenie ma już ocenę przewoźnika: zmień ją zamiast dodawać nową.',
  notRated: 'To zlecenie nie ma jeszcze oceny przewoźnika.',
  notAuthor: 'Ocenę może zmienić tylko osoba, która ją wystawiła.',
  editExpired: 'Ocenę można zmieniać tylko przez 7 dni od jej wystawienia.',
  created: 'Ocena przewoźnika została zapisana!',
  updated: 'Ocena przewoźnika została zmieniona!',
  save: 'zapisywania oceny przewoźnika',
  loadRecord: 'ładowania historii przewoźnika',
  loadRating: 'ładowania oceny przewoźnika',
  title: 'Ocena przewoźnika (opcjonalnie)',
  score: 'Ocena',
  tags: 'Powody',
  comment: 'Komentarz do oceny',
  locked: 'Ocenę może zmienić tylko jej autor przez 7 dni od wystawienia.',
} as const;

const tags = () =>
  z
    .array(z.enum(RATING_TAGS, { error: m.oneOf }), { error: m.oneOf })
    .max(RATING_TAGS.length)
    // Each tag once, whatever the client sent.
    .transform((v) => [...new Set(v)]);

const comment = () =>
  z.preprocess(
    (v) => (typeof v === 'string' ? v.trim() || null : v === undefined ? null : v),
    z
      .string({ error: m.oneOf })
      .max(RATING_COMMENT_MAX, { error: m.maxLength(RATING_COMMENT_MAX) })
      .nullable(),
  );

/** `POST`/`PUT /api/orders/{uuid}/rating`: 1–5, the reasons, a comment. */
export const ratingSchema = z.object({
  score: z
    .number({ error: ratingMessages.scoreRange })
    .int({ error: ratingMessages.scoreRange })
    .min(1, { error: ratingMessages.scoreRange })
    .max(5, { error: ratingMessages.scoreRange }),
  tags: tags().default([]),
  comment: comment(),
});
export type RatingInput = z.input<typeof ratingSchema>;
export type RatingData = z.output<typeof ratingSchema>;

export type Rating = {
  '@id': string;
  '@type': 'Rating';
  uuid: string;
  score: number;
  tags: RatingTag[];
  comment: string | null;
  author: { uuid: string; name: string } | null;
  order: { '@id': string; uuid: string; number: string };
  createdAt: string;
  updatedAt: string;
  /** Until when its author may change it. */
  editableUntil: string;
  version: number;
};

/** One month of the carrier's record (the chart's point). */
export type CarrierRecordMonth = {
  /** 'YYYY-MM'. */
  month: string;
  onTimeRate: number | null;
  ordersCarried: number;
  rating: number | null;
  ratings: number;
};

/** `GET /api/carriers/{uuid}/record`: the last 12 months (this one and the 11 before it). */
export type CarrierRecord = {
  '@type': 'CarrierRecord';
  from: string;
  to: string;
  /** Average score, two decimals; null without a rating. */
  rating: number | null;
  ratings: number;
  /** Percent (0–100) of stops reached inside their window; null without a timed stop. */
  onTimeRate: number | null;
  loadingOnTimeRate: number | null;
  unloadingOnTimeRate: number | null;
  /** Median minutes from sending the order to its acceptance on the carrier's link. */
  medianAcceptMinutes: number | null;
  medianCmrDays: number | null;
  medianInvoiceDays: number | null;
  offersMade: number;
  offersWon: number;
  ordersCarried: number;
  /** Percent of the orders carried whose positions were shared. */
  positionsSharedRate: number | null;
  months: CarrierRecordMonth[];
  lastRatings: Rating[];
};
