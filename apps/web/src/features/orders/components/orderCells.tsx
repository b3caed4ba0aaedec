import { ActionIcon, Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import {
  countryName,
  EMPTY_VALUE,
  type Order,
  type OrderStatus,
  orderStatusLabels,
  routeMapUrl,
} from '@spedycja/domain';
import { IconAlertTriangle, IconMap } from '../../../components/icons.tsx';
import { useMailIsOff } from '../../mail/index.ts';
import { ordersMessages as t } from '../messages.ts';
import { orderWarnings } from '../orderWarnings.ts';

/** What the orders table's cells show (inside the inline-edit buttons: spans only). */

function Line({ text, dimmed, title }: { text: string | null; dimmed?: boolean; title?: string }) {
  return (
    <Text
      span
      display="block"
      size={dimmed ? 'xs' : undefined}
      inherit={!dimmed}
      c={dimmed || !text ? 'dimmed' : undefined}
      title={title}
    >
      {text || EMPTY_VALUE}
    </Text>
  );
}

/**
 * The order number, its id below, and the warnings of SPEC §2 as icons with their reason in a tooltip; the red one
 * (hidden from the calendar) is a button that shows the order in the calendar when the table allows it.
 */
export function NumberCell({ order, onShowInCalendar }: { order: Order; onShowInCalendar?: (order: Order) => void }) {
  const warnings = orderWarnings(order, useMailIsOff());
  return (
    // The warnings sit beside the ID, under the number: the column stays as narrow as the number.
    <Stack gap={0}>
      <Text span inherit fw={600} style={{ whiteSpace: 'nowrap' }}>
        {order.number}
      </Text>
      <Group gap={4} wrap="nowrap" align="center">
        <Text span size="xs" c="dimmed">
          {`ID ${order.id}`}
        </Text>
        {warnings.map((w) =>
          w.kind === 'hiddenInCalendar' && onShowInCalendar ? (
            <Tooltip key={w.kind} label={t.warnings.showInCalendar} withArrow>
              <ActionIcon
                variant="subtle"
                color="red.7"
                size="sm"
                aria-label={t.warnings.showInCalendar}
                data-warning={w.kind}
                onClick={() => onShowInCalendar(order)}
              >
                <IconAlertTriangle size={16} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Tooltip key={w.kind} label={w.message} withArrow>
              <Text
                span
                c={w.color === 'orange' ? 'orange.7' : 'red.7'}
                role="img"
                aria-label={w.message}
                data-warning={w.kind}
                lh={0}
              >
                <IconAlertTriangle size={16} />
              </Text>
            </Tooltip>
          ),
        )}
      </Group>
    </Stack>
  );
}

/** A badge in a table cell keeps its whole word (Mantine cuts the label when the column is narrow). */
const fullLabel = { root: { overflow: 'visible' }, label: { overflow: 'visible' } } as const;

const statusColors: Record<OrderStatus, string> = { aktywne: 'blue', zakonczone: 'green', anulowane: 'gray' };

export function StatusBadge({ status }: { status: string }) {
  return (
    <Badge
      variant="light"
      size="sm"
      color={statusColors[status as OrderStatus] ?? 'gray'}
      component="span"
      styles={fullLabel}
    >
      {orderStatusLabels[status as OrderStatus] ?? status}
    </Badge>
  );
}

/** City above, country and postal code below. */
export function PlaceCell({ order, side }: { order: Order; side: 'loading' | 'unloading' }) {
  const city = order[`${side}City`];
  const country = order[`${side}Country`];
  const second = [country, order[`${side}PostalCode`]].filter(Boolean).join(' ');
  if (!city && !second) return <Line text={null} />;
  return (
    <>
      <Line text={city} title={order[`${side}StreetAddress`] ?? undefined} />
      {second && <Line text={second} dimmed title={countryName(country) ?? undefined} />}
    </>
  );
}

/** The distance in km and, when both places are known, the driving route on a map (a new tab). */
export function DistanceCell({ order }: { order: Order }) {
  if (order.distance === null) return <Line text={null} />;
  const url = routeMapUrl(order);
  return (
    // The map's button may go under the distance when the table is tight.
    <Group gap={0} style={{ columnGap: 4 }}>
      <Text span inherit style={{ whiteSpace: 'nowrap' }}>{`${order.distance} km`}</Text>
      {url && (
        <Tooltip label={t.routeMap}>
          <ActionIcon
            component="a"
            href={url}
            target="_blank"
            rel="noopener noreferrer"
            variant="subtle"
            size="sm"
            aria-label={t.routeMap}
          >
            <IconMap size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

export function YesNo({ value }: { value: boolean }) {
  return (
    <Badge variant="dot" color={value ? 'green' : 'gray'} component="span" styles={fullLabel}>
      {value ? t.yes : t.no}
    </Badge>
  );
}
