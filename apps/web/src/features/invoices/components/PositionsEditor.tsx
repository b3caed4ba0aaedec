import { ActionIcon, Button, Group, Input, Table, Text, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formatMoney, VAT_RATES, vatRateLabel } from '@spedycja/domain';
import { memo, type ReactNode, useDeferredValue, useMemo, useState } from 'react';
import { FormMoneyInput, FormSelect, FormTextInput, useFormValue } from '../../../components/FormFields.tsx';
import { IconPlus, IconTrash } from '../../../components/icons.tsx';
import { invoicesMessages as t } from '../messages.ts';
import { emptyPosition, type InvoiceFormValues, type PositionFormValues, positionsPreview } from './invoiceForm.ts';

const p = t.positions;
const RATE_OPTIONS = VAT_RATES.map((rate) => ({ value: String(rate), label: vatRateLabel(rate) }));

/**
 * The positions of an invoice: add, remove, and their values recalculated from amount, unit price and rate as they
 * are typed (the same maths as the server's, from the domain), with the totals per rate under them.
 */
/** A required column's header marked as Mantine marks a required field's label. */
function Required({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <span aria-hidden="true" style={{ color: 'var(--mantine-color-error)' }}>
        {' *'}
      </span>
    </>
  );
}

type Form = UseFormReturnType<InvoiceFormValues>;

const money = (value: number | undefined) => (value === undefined ? '—' : formatMoney(value));

/** A position's values, computed from its amount, net price and rate: rendered when one of those changes. */
function PositionValues({ form, path, n }: { form: Form; path: string; n: number }) {
  const amount = useFormValue<string>(form, `${path}.amount`);
  const netto = useFormValue<number | null>(form, `${path}.netto`);
  const vatRate = useFormValue<string>(form, `${path}.vatRate`);
  const line = useMemo(
    () => positionsPreview([{ key: '', title: '', unit: '', amount, netto, vatRate }]).lines[0],
    [amount, netto, vatRate],
  );
  return (
    <>
      <Table.Td ta="right" data-testid={`netto-value-${n}`}>
        {money(line?.nettoValue)}
      </Table.Td>
      <Table.Td ta="right">{money(line?.vatValue)}</Table.Td>
      <Table.Td ta="right" data-testid={`brutto-value-${n}`}>
        {money(line?.bruttoValue)}
      </Table.Td>
    </>
  );
}

/**
 * One position: its inputs, each rendering on its own keys, and its values (memo: the row itself renders only when
 * positions are added or removed or the form's errors change).
 */
const PositionRow = memo(function PositionRow({ form, index, count }: { form: Form; index: number; count: number }) {
  const path = `invoicePositions.${index}`;
  const n = index + 1;
  return (
    <Table.Tr aria-label={p.row(n)}>
      <Table.Td>{n}</Table.Td>
      <Table.Td>
        <FormTextInput form={form} path={`${path}.title`} aria-label={`${p.title} ${n}`} aria-required />
      </Table.Td>
      <Table.Td>
        <FormTextInput
          form={form}
          path={`${path}.amount`}
          aria-label={`${p.amount} ${n}`}
          aria-required
          inputMode="numeric"
        />
      </Table.Td>
      <Table.Td>
        <FormTextInput form={form} path={`${path}.unit`} aria-label={`${p.unit} ${n}`} aria-required />
      </Table.Td>
      <Table.Td>
        <FormMoneyInput form={form} path={`${path}.netto`} aria-label={`${p.netto} ${n}`} aria-required />
      </Table.Td>
      <Table.Td>
        <FormSelect
          form={form}
          path={`${path}.vatRate`}
          aria-label={`${p.vatRate} ${n}`}
          aria-required
          data={RATE_OPTIONS}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
      </Table.Td>
      <PositionValues form={form} path={path} n={n} />
      <Table.Td>
        <Tooltip label={p.remove(n)}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={p.remove(n)}
            disabled={count === 1}
            onClick={() => form.removeListItem('invoicePositions', index)}
          >
            <IconTrash />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  );
});

/**
 * The totals per rate and of the invoice, from every position: rendered after the key's paint (a deferred value), not
 * before it.
 */
function PositionTotals({ form }: { form: Form }) {
  const positions = useDeferredValue(useFormValue<PositionFormValues[]>(form, 'invoicePositions'));
  const currency = useFormValue<string>(form, 'currency');
  return <TotalsRows positions={positions} currency={currency} />;
}

const TotalsRows = memo(function TotalsRows({
  positions,
  currency,
}: {
  positions: PositionFormValues[];
  currency: string;
}) {
  const { totals } = useMemo(() => positionsPreview(positions), [positions]);
  return (
    <>
      {totals.byRate.map((rate) => (
        <Table.Tr key={rate.vatRate}>
          <Table.Td colSpan={5} />
          <Table.Td>{vatRateLabel(rate.vatRate)}</Table.Td>
          <Table.Td ta="right">{formatMoney(rate.net)}</Table.Td>
          <Table.Td ta="right">{formatMoney(rate.vat)}</Table.Td>
          <Table.Td ta="right">{formatMoney(rate.gross)}</Table.Td>
          <Table.Td />
        </Table.Tr>
      ))}
      <Table.Tr>
        <Table.Td colSpan={5} />
        <Table.Td fw={600}>{p.total}</Table.Td>
        <Table.Td ta="right" fw={600}>
          {formatMoney(totals.totalNet, currency)}
        </Table.Td>
        <Table.Td ta="right" fw={600}>
          {formatMoney(totals.totalVat, currency)}
        </Table.Td>
        <Table.Td ta="right" fw={600} data-testid="invoice-total-gross">
          {formatMoney(totals.totalGross, currency)}
        </Table.Td>
        <Table.Td />
      </Table.Tr>
    </>
  );
});

/** The positions' keys, joined: the rows are rendered again when one is added or removed, not on a key typed. */
function usePositionKeys(form: Form): string[] {
  const keysOf = (positions: readonly PositionFormValues[]) => positions.map((position) => position.key).join(' ');
  const [keys, setKeys] = useState(() => keysOf(form.getValues().invoicePositions));
  form.watch('invoicePositions', ({ value }) => setKeys(keysOf(value)));
  return keys.split(' ');
}

export function PositionsEditor({ form, defaultRate }: { form: Form; defaultRate: number }) {
  const keys = usePositionKeys(form);
  const type = useFormValue<InvoiceFormValues['type']>(form, 'type');

  return (
    <Input.Wrapper label={p.label} withAsterisk error={form.errors.invoicePositions}>
      {type === 'corrective' && (
        <Text size="sm" c="dimmed" mb={4}>
          {p.correctiveHint}
        </Text>
      )}
      <Table.ScrollContainer minWidth={900}>
        <Table verticalSpacing={4} aria-label={p.label}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={32}>Lp.</Table.Th>
              <Table.Th>
                <Required>{p.title}</Required>
              </Table.Th>
              <Table.Th w={80}>
                <Required>{p.amount}</Required>
              </Table.Th>
              <Table.Th w={80}>
                <Required>{p.unit}</Required>
              </Table.Th>
              <Table.Th w={130}>
                <Required>{p.netto}</Required>
              </Table.Th>
              <Table.Th w={130}>
                <Required>{p.vatRate}</Required>
              </Table.Th>
              <Table.Th w={100} ta="right">
                {p.nettoValue}
              </Table.Th>
              <Table.Th w={90} ta="right">
                {p.vatValue}
              </Table.Th>
              <Table.Th w={100} ta="right">
                {p.bruttoValue}
              </Table.Th>
              <Table.Th w={40} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {keys.map((key, index) => (
              <PositionRow key={key} form={form} index={index} count={keys.length} />
            ))}
            <PositionTotals form={form} />
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Group mt={4}>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={() => form.insertListItem('invoicePositions', emptyPosition(defaultRate))}
        >
          {p.add}
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
