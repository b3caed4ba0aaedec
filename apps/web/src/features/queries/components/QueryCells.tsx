import { ActionIcon, Badge, Button, Stack, Text } from '@mantine/core';
import {
  countryName,
  dimensionsText,
  EMPTY_VALUE,
  formatMeasure,
  formatMoney,
  type Query,
  routeMapUrl,
} from '@spedycja/domain';
import { IconMap } from '../../../components/icons.tsx';
import { queriesMessages as t } from '../messages.ts';

/** What the queries table's cells show (inside the inline-edit buttons: spans only). */

// The table's own size (13 px): every SPEC column has to fit 1920 px.
const lineStyle = { display: 'block' } as const;
const dimmedStyle = { ...lineStyle, color: 'var(--mantine-color-dimmed)' } as const;
const smallDimmedStyle = { ...dimmedStyle, fontSize: 'var(--mantine-font-size-xs)' } as const;

/** One line of a cell; plain spans, since a long table mounts many of these while scrolling. */
function Line({ text, dimmed, title }: { text: string | null; dimmed?: boolean; title?: string }) {
  const style = dimmed ? smallDimmedStyle : text ? lineStyle : dimmedStyle;
  return (
    <span style={style} title={title}>
      {text || EMPTY_VALUE}
    </span>
  );
}

/** City above, country and postal code below. */
export function PlaceCell({ query, side }: { query: Query; side: 'loading' | 'unloading' }) {
  const city = query[`${side}City`];
  const country = query[`${side}Country`];
  const postalCode = query[`${side}PostalCode`];
  const second = [country, postalCode].filter(Boolean).join(' ');
  if (!city && !second) return <Line text={null} />;
  return (
    <>
      <Line text={city} />
      {second && <Line text={second} dimmed title={countryName(country) ?? undefined} />}
    </>
  );
}

/** '13,60 × 2,45 × 2,70 m' above, '24,00 t' below; nothing when no size is known. */
export function CargoParamsCell({ query }: { query: Query }) {
  const dimensions = dimensionsText(query);
  if (!dimensions && query.cargoWeight === null) return <Line text={null} />;
  return (
    <>
      {dimensions && <Line text={dimensions} />}
      {query.cargoWeight !== null && <Line text={formatMeasure(query.cargoWeight, 't')} dimmed />}
    </>
  );
}

/** The distance in km and, when both places are known, the driving route on a map (a new tab). */
export function DistanceCell({ query }: { query: Query }) {
  if (query.distance === null) return <Line text={null} />;
  const url = routeMapUrl(query);
  return (
    // The map's button may go under the distance when the table is tight.
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', alignItems: 'center', columnGap: 4 }}>
      <span style={{ whiteSpace: 'nowrap' }}>{`${query.distance} km`}</span>
      {url && (
        <ActionIcon
          component="a"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          variant="subtle"
          size="sm"
          aria-label={t.routeMap}
          title={t.routeMap}
        >
          <IconMap size={16} />
        </ActionIcon>
      )}
    </span>
  );
}

/** The best offer (or 'Brak'); opens the offers of the query. */
export function BestOfferButton({ query, onOpen }: { query: Query; onOpen?: (query: Query) => void }) {
  const text = formatMoney(query.bestOffer, query.bestOfferCurrency);
  if (!onOpen) return <Line text={query.bestOffer === null ? null : text} />;
  const button = (
    <Button
      size="compact-sm"
      variant={query.bestOffer === null ? 'default' : 'light'}
      onClick={() => onOpen(query)}
      aria-label={t.offersButton(text)}
      data-testid="best-offer"
    >
      {text}
    </Button>
  );
  // The margin of the best offer against the price shown to the customer (PLN, at the query's rate).
  const margin =
    query.bestOfferMargin === null || query.bestOfferMargin === undefined ? null : (
      <Text size="xs" c={query.bestOfferMargin < 0 ? 'red' : 'dimmed'} data-testid="best-offer-margin">
        {t.bestOfferMargin(formatMoney(query.bestOfferMargin, 'pln'))}
      </Text>
    );
  if (!query.pendingOffers && !margin) return button;
  // A carrier offered from the public page and has not confirmed by e-mail yet: the dispatcher sees the interest.
  return (
    <Stack gap={2} align="flex-start">
      {button}
      {margin}
      {query.pendingOffers > 0 && (
        <Badge size="xs" color="indigo" variant="light" style={{ cursor: 'pointer' }} onClick={() => onOpen(query)}>
          {t.pendingOffers(query.pendingOffers)}
        </Badge>
      )}
    </Stack>
  );
}
