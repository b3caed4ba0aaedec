import { z } from 'zod';
import { CUSTOMER_MILESTONES, customerWindowMessages as msg } from './customerWindowMessages.ts';
import { validationMessages as m } from './messages.ts';
import { queryShipmentFields, refineDates, shipmentDefaultedFields } from './shipments.ts';
import { optionalText, requiredText } from './validation.ts';

export * from './customerWindowMessages.ts';

/** A comma list of milestones ('sent,loaded'), '' for none; null on a customer: the settings' default. */
export const milestoneList = z
  .string()
  .trim()
  .max(100, { error: m.maxLength(100) })
  .refine((v) => v === '' || v.split(',').every((p) => (CUSTOMER_MILESTONES as readonly string[]).includes(p.trim())), {
    error: msg.milestonesInvalid,
  });
export const isMilestoneList = (value: string) => milestoneList.safeParse(value).success;

/** PUT /api/documents/{uuid}: 'Widoczny dla klienta'. */
export const documentUpdateSchema = z.object({ visibleToCustomer: z.boolean({ error: m.required }) });

/**
 * POST /api/orders/{uuid}/customer_link: `{rotate: true}` issues a new link; `{orderPdfVisible}` alone only sets the
 * order confirmation's 'Widoczny dla klienta' (no link is issued).
 */
export const customerLinkPostSchema = z
  .object({ rotate: z.boolean().optional(), orderPdfVisible: z.boolean().optional() })
  .nullish();

/** POST /api/customers/{uuid}/panel_users: staff invite a person by e-mail. */
export const panelUserInviteSchema = z.object({
  email: z
    .string({ error: m.required })
    .trim()
    .toLowerCase()
    .min(1, { error: m.required })
    .max(180, { error: m.maxLength(180) })
    .pipe(z.email({ error: m.email })),
  name: requiredText(255),
});

/** PUT /api/panel_users/{uuid}: disabling ends the person's sessions at once. */
export const panelUserUpdateSchema = z.object({ active: z.boolean({ error: m.required }) });

/** POST /api/panel/invitations/{token}/accept. */
export const invitationAcceptSchema = z.object({
  password: z
    .string({ error: m.required })
    .min(8, { error: m.minLength(8) })
    .max(4096, { error: m.maxLength(4096) }),
});

/** POST /api/panel/queries: what a customer can know of a transport (no prices, no owner, no status). */
export const panelQueryCreateSchema = z
  .object({
    ...queryShipmentFields.create,
    loadingType: shipmentDefaultedFields.create.loadingType,
    additionalInfo: optionalText(4000),
  })
  .superRefine(refineDates);

export type PanelQueryCreate = z.infer<typeof panelQueryCreateSchema>;
export type PanelUserInvite = z.infer<typeof panelUserInviteSchema>;

/** The keys the customer's page and the panel must never carry (checked by the tests against the JSON's keys). */
export const CUSTOMER_DENIED_KEYS = [
  'carrier',
  'carrierPrice',
  'carrierPriceCurrency',
  'carrierName',
  'margin',
  'additionalInfo',
  'orderAdditionalInfo',
  'customerPrice',
  'user',
  'createdBy',
  'changedBy',
  'euroExchangeRate',
  'carrierPaid',
  'carrierDateOfPayment',
  'driverPicksUpMoney',
  'deletionReason',
] as const;
