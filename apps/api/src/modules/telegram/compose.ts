import { countryName, formatMoney, formatPhone } from '@spedycja/domain';
import { formatWarsaw } from '../../warsawDay.ts';
import { botTexts as t } from './messages.ts';

/** Telegram HTML: only `<`, `>`, `&` (and `"` inside attributes) need escaping. */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;');
}

export type Place = { city: string | null; country: string | null };
export type TaskEntryInfo =
  | { type: 'query'; id: number; loading: Place; unloading: Place }
  | { type: 'order'; number: string; loading: Place; unloading: Place }
  | null;

const place = (p: Place) => {
  const country = countryName(p.country);
  return [p.city, country ? `(${country})` : null].filter(Boolean).join(' ') || '?';
};

/** 'Zapytanie nr 12: Łódź (Polska) → Berlin (Niemcy)' */
export function entryLabel(entry: TaskEntryInfo): string {
  if (!entry) return t.noEntry;
  const title = entry.type === 'query' ? t.query(entry.id) : t.order(entry.number);
  return `${title}: ${place(entry.loading)} → ${place(entry.unloading)}`;
}

export type TaskInfo = {
  id: number;
  uuid: string;
  phonePrefix: string;
  phone: string | null;
  comment: string | null;
  contactDate: string;
  entry: TaskEntryInfo;
};

export type Composed = { html: string; summary: string };

const taskLink = (publicUrl: string, uuid: string) => `${publicUrl}/tasks?task=${encodeURIComponent(uuid)}`;

function taskBody(task: TaskInfo, publicUrl: string): string[] {
  const lines = [escapeHtml(entryLabel(task.entry))];
  if (task.phone) {
    const digits = `+${task.phonePrefix}${task.phone}`.replace(/[^\d+]/g, '');
    lines.push(
      `${t.phone}: <a href="tel:${escapeHtml(digits)}">${escapeHtml(formatPhone(task.phonePrefix, task.phone))}</a>`,
    );
  }
  if (task.comment) lines.push(`${t.comment}: ${escapeHtml(task.comment)}`);
  lines.push(`${t.contactDate}: ${formatWarsaw(task.contactDate)}`);
  lines.push(`<a href="${escapeHtml(taskLink(publicUrl, task.uuid))}">${t.openTask}</a>`);
  return lines;
}

export function reminderMessage(task: TaskInfo, publicUrl: string): Composed {
  return {
    html: [`<b>${escapeHtml(t.reminderTitle(task.id))}</b>`, ...taskBody(task, publicUrl)].join('\n'),
    summary: t.summary.reminder(entryLabel(task.entry)),
  };
}

export function assignmentMessage(task: TaskInfo, assignedBy: string, publicUrl: string): Composed {
  return {
    html: [`<b>${escapeHtml(t.assignmentTitle(task.id, assignedBy))}</b>`, ...taskBody(task, publicUrl)].join('\n'),
    summary: t.summary.assignment(entryLabel(task.entry), assignedBy),
  };
}

export type OfferInfo = {
  queryId: number;
  loading: Place;
  unloading: Place;
  price: number;
  currency: string;
  email: string | null;
  phonePrefix: string | null;
  phone: string | null;
  carrierName: string | null;
};

export function offerMessage(offer: OfferInfo, publicUrl: string): Composed {
  const price = formatMoney(offer.price, offer.currency);
  const who = [offer.carrierName, offer.email, offer.phone ? formatPhone(offer.phonePrefix, offer.phone) : null]
    .filter(Boolean)
    .join(', ');
  return {
    html: [
      `<b>${escapeHtml(t.offerTitle(offer.queryId))}</b>`,
      escapeHtml(`${place(offer.loading)} → ${place(offer.unloading)}`),
      `${t.price}: <b>${escapeHtml(price)}</b>`,
      ...(who ? [`${t.carrier}: ${escapeHtml(who)}`] : []),
      `<a href="${escapeHtml(`${publicUrl}/queries`)}">${t.openQueries}</a>`,
    ].join('\n'),
    summary: t.summary.offer(offer.queryId, price),
  };
}

export const plainMessage = (text: string, summary: string): Composed => ({ html: escapeHtml(text), summary });
