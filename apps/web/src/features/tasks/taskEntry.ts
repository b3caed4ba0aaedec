import type { Task } from '@spedycja/domain';
import { tasksMessages as t } from './messages.ts';

/**
 * What a task belongs to: a query or an order (SPEC §3, `entry`). Writes send it as an IRI;
 * reads embed it as queryEntity or orderEntity. Pure helpers, unit-tested.
 */

export type TaskEntryType = 'query' | 'order';

export type TaskEntry = {
  type: TaskEntryType;
  uuid: string;
  /** What the user reads: 'Zapytanie #12: Palety, Łódź → Berlin' or 'Zlecenie 3/11/2026'. */
  label: string;
  /** A second line for the picker and the table: cargo, route, customer. */
  detail?: string | null;
};

type Shipment = {
  uuid: string;
  id: number;
  cargo?: string | null;
  loadingCity?: string | null;
  unloadingCity?: string | null;
  /** The customer's name as text, or as the query and order reads embed it. */
  customer?: string | { companyName: string | null; name: string | null } | null;
};

const RESOURCE: Record<TaskEntryType, string> = { query: 'queries', order: 'orders' };

/** {type: 'query', uuid} -> '/api/queries/{uuid}' */
export function entryIri(entry: Pick<TaskEntry, 'type' | 'uuid'>): string {
  return `/api/${RESOURCE[entry.type]}/${entry.uuid}`;
}

/** '/api/orders/{uuid}' -> {type: 'order', uuid}; null for anything else. */
export function parseEntryIri(iri: string | null | undefined): Pick<TaskEntry, 'type' | 'uuid'> | null {
  const match = /^\/api\/(queries|orders)\/([0-9a-fA-F-]{36})$/.exec(iri ?? '');
  if (!match?.[1] || !match[2]) return null;
  return { type: match[1] === 'queries' ? 'query' : 'order', uuid: match[2] };
}

/** 'Łódź → Berlin'; one side alone when the other is missing; '' when both are. */
export function routeText(loadingCity?: string | null, unloadingCity?: string | null): string {
  const from = loadingCity?.trim() ?? '';
  const to = unloadingCity?.trim() ?? '';
  if (from && to) return `${from} → ${to}`;
  return from || to;
}

function customerText(customer: Shipment['customer']): string {
  if (!customer) return '';
  if (typeof customer === 'string') return customer;
  return customer.companyName || customer.name || '';
}

/** 'Zapytanie #12: Palety, Łódź → Berlin' (the parts that exist). */
export function queryEntryLabel(query: Pick<Shipment, 'id' | 'cargo' | 'loadingCity' | 'unloadingCity'>): string {
  const parts = [query.cargo?.trim(), routeText(query.loadingCity, query.unloadingCity)].filter(Boolean);
  const head = `${t.entry.query} #${query.id}`;
  return parts.length > 0 ? `${head}: ${parts.join(', ')}` : head;
}

/** 'Zlecenie 3/11/2026' */
export function orderEntryLabel(order: { number: string }): string {
  return `${t.entry.order} ${order.number}`;
}

/** The picker's and the table's second line: cargo, route and customer (for an order; a query's label has the first two). */
function shipmentDetail(shipment: Shipment, withCargo: boolean): string | null {
  const parts = [
    withCargo ? shipment.cargo?.trim() : '',
    withCargo ? routeText(shipment.loadingCity, shipment.unloadingCity) : '',
    customerText(shipment.customer),
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' · ') : null;
}

export function queryEntry(query: Shipment): TaskEntry {
  return { type: 'query', uuid: query.uuid, label: queryEntryLabel(query), detail: shipmentDetail(query, false) };
}

export function orderEntry(order: Shipment & { number: string }): TaskEntry {
  return { type: 'order', uuid: order.uuid, label: orderEntryLabel(order), detail: shipmentDetail(order, true) };
}

/** The query or order a task belongs to; null when it has neither. */
export function taskEntry(task: Pick<Task, 'queryEntity' | 'orderEntity'>): TaskEntry | null {
  if (task.queryEntity) return queryEntry(task.queryEntity);
  if (task.orderEntity) return orderEntry(task.orderEntity);
  return null;
}

/** The list filter for one record's tasks: `queryEntity.uuid=…` or `orderEntity.uuid=…`. */
export function entryFilterParams(entry: Pick<TaskEntry, 'type' | 'uuid'>): Record<string, string> {
  return entry.type === 'query' ? { 'queryEntity.uuid': entry.uuid } : { 'orderEntity.uuid': entry.uuid };
}

/** Picker options are keyed by IRI: a query and an order never share one. */
export const entryKey = entryIri;
