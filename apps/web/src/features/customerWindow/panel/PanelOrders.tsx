import '@mantine/dates/styles.css';
import { Anchor, Stack } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { DEBOUNCE_MS, formatWallClockDay, panelTexts, type TrackLanguage, trackTexts } from '@spedycja/domain';
import dayjs from 'dayjs';
import 'dayjs/locale/pl';
import { useMemo, useState } from 'react';
import { DataTable } from '../../../components/DataTable/DataTable.tsx';
import { sortToParams } from '../../../components/DataTable/paging.ts';
import type { ColumnDef, SortState } from '../../../components/DataTable/types.ts';
import { StatusBadge } from '../../../components/display.tsx';
import { FilterRow } from '../../../components/FilterRow/FilterRow.tsx';
import { defaultFilterValues, filtersToParams } from '../../../components/FilterRow/filterParams.ts';
import { addressFilter } from '../../../components/FilterRow/ShipmentFilterDialogs.tsx';
import type { ApiParams, FilterDef } from '../../../components/FilterRow/types.ts';
import { polishComponentTexts, useComponentTexts } from '../../../components/texts.tsx';
import { type PanelOrder, panelApi } from './panelApi.ts';
import { useLoad } from './useLoad.ts';

dayjs.locale('pl');

/** Rows a page, as the API's default for the panel. */
export const PANEL_ORDERS_PAGE_SIZE = 30;

const LABELS = {
  pl: {
    status: 'Status',
    all: 'Wszystkie',
    open: 'W realizacji',
    cargo: 'Towar',
    loadingPlace: 'Załadunek',
    loadingDate: 'Data załadunku',
    unloadingPlace: 'Rozładunek',
    unloadingDate: 'Data rozładunku',
    table: 'Lista zleceń',
  },
  en: {
    status: 'Status',
    all: 'All',
    open: 'In progress',
    cargo: 'Cargo',
    loadingPlace: 'Loading',
    loadingDate: 'Loading date',
    unloadingPlace: 'Unloading',
    unloadingDate: 'Unloading date',
    table: 'Orders list',
  },
} as const;

/**
 * The panel's filter row: the office list's filters that a customer can use (number, status, cargo, both addresses with
 * their city and country, both date ranges); the server binds every one of them to the customer.
 */
export function panelOrderFilterDefs(lang: TrackLanguage, shipment = polishComponentTexts.shipment): FilterDef[] {
  const l = LABELS[lang];
  return [
    { kind: 'text', name: 'number', label: panelTexts[lang].number, width: 110 },
    {
      kind: 'select',
      name: 'status',
      label: l.status,
      options: [
        { value: 'wszystkie', label: l.all },
        { value: 'aktywne', label: l.open },
        { value: 'zakonczone', label: trackTexts[lang].statuses.finished },
      ],
      defaultValue: 'wszystkie',
      clearable: false,
      width: 140,
    },
    { kind: 'text', name: 'cargo', label: l.cargo, width: 140 },
    addressFilter('loading', shipment),
    { kind: 'dateRange', name: 'loadingDate', label: l.loadingDate },
    addressFilter('unloading', shipment),
    { kind: 'dateRange', name: 'unloadingDate', label: l.unloadingDate },
  ];
}

const day = (value: string | null) => (value ? formatWallClockDay(value) : '—');
const place = (city: string | null, country: string | null) =>
  [city, country ? `(${country})` : null].filter(Boolean).join(' ');

function panelOrderColumns(lang: TrackLanguage, open: (uuid: string) => void): ColumnDef<PanelOrder>[] {
  const l = LABELS[lang];
  const tt = trackTexts[lang];
  return [
    {
      id: 'number',
      header: panelTexts[lang].number,
      sortKey: 'number',
      nowrap: true,
      cell: (o) => (
        <Anchor component="button" type="button" fw={600} onClick={() => open(o.uuid)} data-testid="panel-order-link">
          {o.number}
        </Anchor>
      ),
    },
    {
      id: 'status',
      header: l.status,
      // Along the order's life: 'Przyjęte' first, 'Zakończone' last (the API's rank of the same status).
      sortKey: 'status',
      cell: (o) => <StatusBadge variant="light">{tt.statuses[o.status]}</StatusBadge>,
    },
    {
      id: 'loadingPlace',
      header: l.loadingPlace,
      sortKey: 'loadingCity',
      cell: (o) => place(o.loadingCity, o.loadingCountry),
    },
    { id: 'loadingDate', header: l.loadingDate, sortKey: 'loadingDate', nowrap: true, cell: (o) => day(o.loadingDate) },
    {
      id: 'unloadingPlace',
      header: l.unloadingPlace,
      sortKey: 'unloadingCity',
      cell: (o) => place(o.unloadingCity, o.unloadingCountry),
    },
    {
      id: 'unloadingDate',
      header: l.unloadingDate,
      sortKey: 'unloadingDate',
      nowrap: true,
      cell: (o) => day(o.unloadingDate),
    },
    { id: 'cargo', header: l.cargo, sortKey: 'cargo', cell: (o) => o.cargo ?? '' },
  ];
}

/**
 * 'Zlecenia' (issue 37): the customer's orders with the office list's FilterRow and DataTable, as the office's orders
 * list uses them (filters applied after a pause, sorting by a column's header, pages). Loaded only when the tab opens:
 * the invitation page and the other screens load none of it.
 */
export default function PanelOrders({ lang, open }: { lang: TrackLanguage; open: (uuid: string) => void }) {
  const { shipment } = useComponentTexts();
  const filters = useMemo(() => panelOrderFilterDefs(lang, shipment), [lang, shipment]);
  const [filterParams, setFilterParams] = useState<ApiParams>(() =>
    filtersToParams(filters, defaultFilterValues(filters)),
  );
  const [sort, setSort] = useState<SortState>({ key: 'loadingDate', direction: 'desc' });
  const [page, setPage] = useState(1);
  const params = { ...filterParams, ...sortToParams(sort), page, itemsPerPage: PANEL_ORDERS_PAGE_SIZE };
  const state = useLoad(() => panelApi.orders(params), JSON.stringify(params));
  const columns = useMemo(() => panelOrderColumns(lang, open), [lang, open]);
  const rows = state.data?.['hydra:member'] ?? [];
  return (
    <DatesProvider settings={{ locale: lang === 'pl' ? 'pl' : 'en', firstDayOfWeek: 1, weekendDays: [0, 6] }}>
      <Stack gap="sm">
        <FilterRow
          filters={filters}
          onApply={(next) => {
            setFilterParams(next);
            setPage(1);
          }}
          debounceMs={DEBOUNCE_MS.orderFilters}
          collapseKey="panelOrders"
        />
        <DataTable
          mode="pages"
          label={LABELS[lang].table}
          columns={columns}
          rows={rows}
          rowKey={(o) => o.uuid}
          rowProps={(o) => ({ 'aria-label': `${panelTexts[lang].orders} ${o.number}` })}
          loading={state.data === undefined && !state.error}
          emptyText={state.error ?? panelTexts[lang].noRows}
          sort={sort}
          onSortChange={(next) => {
            setSort(next);
            setPage(1);
          }}
          page={page}
          pageSize={PANEL_ORDERS_PAGE_SIZE}
          totalItems={state.data?.['hydra:totalItems'] ?? 0}
          onPageChange={setPage}
        />
      </Stack>
    </DatesProvider>
  );
}
