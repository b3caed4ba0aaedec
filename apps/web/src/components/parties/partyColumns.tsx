import { Text } from '@mantine/core';
import { countryName } from '@spedycja/domain';
import type { ColumnDef } from '../DataTable/types.ts';
import { DateTimeText, PhoneText, TextValue } from '../display.tsx';
import { partyMessages as t } from './messages.ts';
import type { PartyRecord } from './partyForm.ts';

/** 'ul. Długa 5, 00-001 Warszawa'; null when no part is known. */
export function partyAddress(party: Pick<PartyRecord, 'streetAddress' | 'postalCode' | 'city'>): string | null {
  const place = [party.postalCode, party.city].filter(Boolean).join(' ');
  return [party.streetAddress, place].filter(Boolean).join(', ') || null;
}

/** The street on one line, the postal code and city on the next. */
function AddressCell({ party }: { party: Pick<PartyRecord, 'streetAddress' | 'postalCode' | 'city'> }) {
  const place = [party.postalCode, party.city].filter(Boolean).join(' ');
  if (!party.streetAddress && !place) return <TextValue value={null} />;
  return (
    <Text span inherit title={partyAddress(party) ?? undefined} style={{ display: 'block', minWidth: 150 }}>
      {party.streetAddress}
      {party.streetAddress && place && <br />}
      {place}
    </Text>
  );
}

/**
 * The columns customers and carriers share, keyed so a page can order them and put its own
 * between. Sort keys are the API's `order[...]` names.
 */
export function partyColumns<R extends PartyRecord>() {
  const columns = {
    id: { id: 'id', header: t.columns.id, cell: (p) => p.id, width: 60, sortKey: 'id' },
    companyName: {
      id: 'companyName',
      header: t.columns.companyName,
      cell: (p) => <TextValue value={p.companyName} />,
      sortKey: 'companyName',
    },
    name: { id: 'name', header: t.columns.name, cell: (p) => <TextValue value={p.name} />, sortKey: 'name' },
    nip: {
      id: 'nip',
      header: t.columns.nip,
      cell: (p) => (
        <Text span inherit style={{ whiteSpace: 'nowrap' }}>
          <TextValue value={p.nip} />
        </Text>
      ),
      sortKey: 'nip',
    },
    phone: {
      id: 'phone',
      header: t.columns.phone,
      cell: (p) => (
        <Text span inherit style={{ whiteSpace: 'nowrap' }}>
          <PhoneText prefix={p.phonePrefix} phone={p.phone} />
        </Text>
      ),
    },
    email: { id: 'email', header: t.columns.email, cell: (p) => <TextValue value={p.email} />, sortKey: 'email' },
    address: { id: 'address', header: t.columns.address, cell: (p) => <AddressCell party={p} />, sortKey: 'city' },
    country: {
      id: 'country',
      header: t.columns.country,
      cell: (p) => <TextValue value={countryName(p.country)} />,
      sortKey: 'country',
    },
    language: { id: 'language', header: t.columns.language, cell: (p) => p.language },
    createdDate: {
      id: 'createdDate',
      header: t.columns.createdDate,
      cell: (p) => (
        <Text span inherit style={{ whiteSpace: 'nowrap' }}>
          <DateTimeText value={p.createdDate} />
        </Text>
      ),
      sortKey: 'createdDate',
    },
  } satisfies Record<string, ColumnDef<R>>;
  const c = columns;
  return {
    ...columns,
    /** The columns both tables start with: the record, its contact, its address, its language. */
    leading: [c.id, c.companyName, c.name, c.nip, c.phone, c.email, c.address, c.country, c.language] as ColumnDef<R>[],
  };
}
