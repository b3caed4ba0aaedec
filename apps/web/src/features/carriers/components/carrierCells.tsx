import { Text } from '@mantine/core';
import { type Carrier, countryName, EMPTY_VALUE, formatMeasure, formatSize } from '@spedycja/domain';
import { TextValue } from '../../../components/display.tsx';

/** How a carrier's capacity and countries read in the table. */

/** '13,60 × 2,45 × 2,70 m, 24,00 t'; a part not known reads '—'; 'Brak' when nothing is known. */
export function formatCapacity(
  c: Pick<Carrier, 'maxCargoLength' | 'maxCargoWidth' | 'maxCargoHeight' | 'maxCargoWeight'>,
) {
  const parts: string[] = [];
  const size = formatSize(c.maxCargoLength, c.maxCargoWidth, c.maxCargoHeight);
  if (size) parts.push(size);
  if (c.maxCargoWeight !== null) parts.push(formatMeasure(c.maxCargoWeight, 't'));
  return parts.length ? parts.join(', ') : EMPTY_VALUE;
}

/** The served countries as ISO codes ('AT, BE, DE'), their Polish names on hover. */
export function ServedCountries({ codes }: { codes: readonly string[] }) {
  if (codes.length === 0) return <TextValue value={null} />;
  const sorted = [...codes].sort();
  return (
    <Text
      span
      size="xs"
      ff="monospace"
      title={sorted.map((c) => countryName(c)).join(', ')}
      style={{ display: 'block', maxWidth: 220 }}
    >
      {sorted.join(', ')}
    </Text>
  );
}
