import type { DatesSetArg, DayCellMountArg, EventClickArg, EventContentArg, EventDropArg } from '@fullcalendar/core';
import plLocale from '@fullcalendar/core/locales/pl';
import dayGridPlugin from '@fullcalendar/daygrid';
import interactionPlugin from '@fullcalendar/interaction';
import listPlugin from '@fullcalendar/list';
import FullCalendar from '@fullcalendar/react';
import timeGridPlugin from '@fullcalendar/timegrid';
import { Alert, Badge, Box, Button, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  calendarPropertyParams,
  datesIssue,
  formatWallClock,
  type HydraCollection,
  type Order,
  orderMessages,
  wallClockOf,
} from '@spedycja/domain';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useListState } from '../../../components/DataTable/useListState.ts';
import { FilterRow } from '../../../components/FilterRow/FilterRow.tsx';
import type { FilterDef } from '../../../components/FilterRow/types.ts';
import { api } from '../../../lib/apiClient.ts';
import { notifyError, notifyFailure, notifySuccess } from '../../../lib/notify.ts';
import { useAuth } from '../../auth/useAuth.ts';
import { orderKeys, patchOrderInLists, updateOrder } from '../../orders/index.ts';
import { ConfirmationFlow, type ConfirmationRequest } from '../components/ConfirmationFlow.tsx';
import './calendar.css';
import { loadingsMessages as t } from '../messages.ts';
import {
  type CalendarEvent,
  type CalendarSide,
  calendarEvents,
  droppedValue,
  EVENT_COLORS,
  type EventState,
  rangeParams,
  wallClockNow,
} from './events.ts';

const c = t.calendar;
const VIEWS = ['dayGridMonth', 'timeGridWeek', 'timeGridDay', 'listWeek'] as const;
type CalendarView = (typeof VIEWS)[number];
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

type Range = { start: Date; end: Date };

/** The filters: my orders or everybody's, a customer and a carrier (company, name, NIP, phone or e-mail). */
function calendarFilters(myUuid: string | undefined): FilterDef[] {
  return [
    {
      kind: 'custom',
      name: 'mine',
      label: c.mine,
      defaultValue: 'all',
      render: (value, onChange) => (
        <SegmentedControl
          aria-label={c.mine}
          value={value === 'mine' ? 'mine' : 'all'}
          onChange={onChange}
          data={[
            { value: 'all', label: c.all },
            { value: 'mine', label: c.mine },
          ]}
        />
      ),
      toParams: (value): Record<string, string> =>
        value === 'mine' && myUuid ? { 'user.uuid': myUuid } : ({} as Record<string, string>),
    },
    { kind: 'text', name: 'customer', label: c.customer, width: 200 },
    { kind: 'text', name: 'carrier', label: c.carrier, width: 200 },
  ];
}

/** One side's orders in the visible range: every one of them (pagination=false), in date order. */
function useSideOrders(side: CalendarSide, range: Range | null, filterParams: Record<string, string>) {
  const params = range
    ? {
        ...filterParams,
        ...rangeParams(side, range.start, range.end),
        showInCalendar: 'true',
        pagination: 'false',
        [`order[${side}Date]`]: 'asc',
        ...calendarPropertyParams(),
      }
    : null;
  return useQuery({
    queryKey: orderKeys.list({ calendar: side, ...params }),
    queryFn: ({ signal }) => api.list<Order>('/orders', params ?? {}, { signal }),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    meta: { errorAction: t.calendarLoad },
  });
}

function EventContent({ arg }: { arg: EventContentArg }) {
  return (
    <Box
      px={2}
      style={{ whiteSpace: 'normal', overflow: 'hidden', fontSize: 12, lineHeight: 1.25 }}
      title={arg.event.title}
    >
      {arg.timeText && <b>{`${arg.timeText} `}</b>}
      {arg.event.title}
    </Box>
  );
}

const legend: EventState[] = ['planned', 'done', 'late', 'cancelled'];
const plugins = [dayGridPlugin, timeGridPlugin, listPlugin, interactionPlugin];
const locales = [plLocale];
const headerToolbar = { left: 'prev,next today', center: 'title', right: VIEWS.join(',') };
const hours24 = { hour: '2-digit', minute: '2-digit', hour12: false } as const;
const renderEvent = (arg: EventContentArg) => <EventContent arg={arg} />;
const unlabelDayCell = (arg: DayCellMountArg) => arg.el.removeAttribute('aria-labelledby');

/**
 * /loadings/calendar: each order twice, on its loading and on its unloading date, coloured by state. A click opens
 * that side's confirmation; a drag to another day moves that date (never the unloading before the loading), with an
 * undo. The view, its date and the filters live in the address, so a reload shows the same calendar.
 */
export function LoadingsCalendarPage() {
  const { user } = useAuth();
  const filters = useMemo(() => calendarFilters(user?.uuid), [user?.uuid]);
  const { filterValues, filterParams, setFilters } = useListState(filters);
  const [search, setSearch] = useSearchParams();
  const searchRef = useRef(search);
  searchRef.current = search;
  const initialView: CalendarView = VIEWS.includes(search.get('view') as CalendarView)
    ? (search.get('view') as CalendarView)
    : 'dayGridMonth';
  const dateParam = search.get('date');
  const [initialDate] = useState(() => (dateParam && DAY_RE.test(dateParam) ? dateParam : undefined));
  const [range, setRange] = useState<Range | null>(null);
  const [shown, setShown] = useState<{ view: string; date: string } | null>(null);
  const [confirmation, setConfirmation] = useState<ConfirmationRequest | null>(null);
  const closeConfirmation = useCallback(() => setConfirmation(null), []);
  const queryClient = useQueryClient();

  const loadings = useSideOrders('loading', range, filterParams);
  const unloadings = useSideOrders('unloading', range, filterParams);
  const events = useMemo(() => {
    const live = (data: HydraCollection<Order> | undefined) =>
      (data?.['hydra:member'] ?? []).filter((o) => o.status !== 'zamienione');
    return calendarEvents(live(loadings.data), live(unloadings.data), wallClockNow());
  }, [loadings.data, unloadings.data]);

  const handleDatesSet = useCallback((arg: DatesSetArg) => {
    setRange((current) =>
      current && current.start.getTime() === arg.start.getTime() && current.end.getTime() === arg.end.getTime()
        ? current
        : { start: arg.start, end: arg.end },
    );
    const anchor = arg.view.currentStart.toISOString().slice(0, 10);
    setShown((current) =>
      current?.view === arg.view.type && current.date === anchor ? current : { view: arg.view.type, date: anchor },
    );
  }, []);

  // The view and its date go to the address after the calendar has shown them (FullCalendar reports them while it
  // mounts, before the router takes navigations), and only when they changed.
  useEffect(() => {
    if (!shown) return;
    if (searchRef.current.get('view') === shown.view && searchRef.current.get('date') === shown.date) return;
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('view', shown.view);
        next.set('date', shown.date);
        return next;
      },
      { replace: true },
    );
  }, [shown, setSearch]);

  const handleClick = useCallback((arg: EventClickArg) => {
    arg.jsEvent.preventDefault();
    const { orderUuid, side } = arg.event.extendedProps as CalendarEvent['extendedProps'];
    setConfirmation({ side, orderUuid });
  }, []);

  const moveDate = useCallback(
    async (order: Order, side: CalendarSide, value: string) => {
      const saved = await updateOrder({ uuid: order.uuid, payload: { [`${side}Date`]: value } });
      await patchOrderInLists(queryClient, saved);
      return saved;
    },
    [queryClient],
  );

  const handleDrop = useCallback(
    async (arg: EventDropArg) => {
      const { order, side } = arg.event.extendedProps as CalendarEvent['extendedProps'];
      if (!arg.event.start) return arg.revert();
      const next = droppedValue(arg.event.start, arg.event.allDay);
      const previous = wallClockOf(side === 'loading' ? order.loadingDate : order.unloadingDate);
      const issue = datesIssue({
        loadingDate: side === 'loading' ? next : wallClockOf(order.loadingDate),
        unloadingDate: side === 'unloading' ? next : wallClockOf(order.unloadingDate),
      });
      if (issue) {
        arg.revert();
        notifyFailure(issue.message);
        return;
      }
      try {
        const saved = await moveDate(order, side, next);
        const id = `moved-${order.uuid}-${side}`;
        notifications.show({
          id,
          color: 'blue',
          autoClose: 10_000,
          message: (
            <Group justify="space-between" wrap="nowrap" gap="sm">
              <Text size="sm">
                {c.moved(
                  order.number,
                  side,
                  formatWallClock(side === 'loading' ? saved.loadingDate : saved.unloadingDate),
                )}
              </Text>
              <Button
                size="compact-xs"
                variant="light"
                onClick={async () => {
                  notifications.hide(id);
                  try {
                    await moveDate(saved, side, previous ?? '');
                    notifySuccess(t.undone);
                  } catch (error) {
                    notifyError(orderMessages.update, error);
                  }
                }}
              >
                {t.undo}
              </Button>
            </Group>
          ),
        });
      } catch (error) {
        arg.revert();
        notifyError(orderMessages.update, error);
      }
    },
    [moveDate],
  );

  const failed = loadings.isError || unloadings.isError;

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>{c.title}</Title>
        <Group gap="xs" aria-label="Legenda">
          {legend.map((state) => (
            <Badge key={state} color={EVENT_COLORS[state]} variant="filled" radius="sm">
              {c.legend[state]}
            </Badge>
          ))}
        </Group>
      </Group>
      <FilterRow filters={filters} onApply={setFilters} initialValues={filterValues} />
      {failed && (
        <Alert color="red" role="alert" data-testid="calendar-error">
          {t.calendarError}
        </Alert>
      )}
      <Box
        className="loadings-calendar"
        aria-busy={loadings.isFetching || unloadings.isFetching}
        data-testid="loadings-calendar"
      >
        <FullCalendar
          plugins={plugins}
          locales={locales}
          locale="pl"
          timeZone="UTC"
          firstDay={1}
          initialView={initialView}
          initialDate={initialDate}
          headerToolbar={headerToolbar}
          // The arrows are icons without a text alternative (axe: role-img-alt): the buttons say 'Poprzedni',
          // 'Następny' instead.
          buttonIcons={false}
          buttonText={c.buttons}
          eventTimeFormat={hours24}
          slotLabelFormat={hours24}
          allDayText="Cały dzień"
          noEventsText={c.noEvents}
          height="auto"
          dayMaxEvents={6}
          // '+N więcej' is an <a> without href that opens a popover: a button to assistive technology (axe).
          moreLinkDidMount={(info) => info.el.setAttribute('role', 'button')}
          // The month's day cell is named by its date alone, while it shows the date and its events: a screen reader
          // heard less than the screen shows (axe: label-content-name-mismatch). Unlabelled, the cell is named by all
          // it shows (the date, then the events).
          dayCellDidMount={unlabelDayCell}
          nowIndicator
          editable
          eventDurationEditable={false}
          eventDisplay="block"
          events={events}
          eventContent={renderEvent}
          datesSet={handleDatesSet}
          eventClick={handleClick}
          eventDrop={handleDrop}
        />
      </Box>
      <ConfirmationFlow request={confirmation} onClose={closeConfirmation} />
    </Stack>
  );
}
