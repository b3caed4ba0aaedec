import { ActionIcon, Button, Group, Input, Table, Text, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formatMoney, VAT_RATES, vatRateLabel } from '@spedycja/domain';
import type { ReactNode } from 'react';
import { IconPlus, IconTrash } from '../../../components/icons.tsx';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { SearchableSelect } from '../../../components/SearchableSelect.tsx';
import { invoicesMessages as t } from '../messages.ts';
import { emptyPosition, type InvoiceFormValues, positionsPreview } from './invoiceForm.ts';

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

export function PositionsEditor({
  form,
  defaultRate,
}: {
  form: UseFormReturnType<InvoiceFormValues>;
  defaultRate: number;
}) {
  const positions = form.values.invoicePositions;
  const currency = form.values.currency;
  const { lines, totals } = positionsPreview(positions);
  const money = (value: number | undefined) => (value === undefined ? '—' : formatMoney(value));

  return (
    <Input.Wrapper label={p.label} withAsterisk error={form.errors.invoicePositions}>
      {form.values.type === 'corrective' && (
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
            {positions.map((position, index) => {
              const path = `invoicePositions.${index}`;
              const line = lines[index];
              const n = index + 1;
              return (
                <Table.Tr key={position.key} aria-label={p.row(n)}>
                  <Table.Td>{n}</Table.Td>
                  <Table.Td>
                    <TextInput aria-label={`${p.title} ${n}`} aria-required {...form.getInputProps(`${path}.title`)} />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={`${p.amount} ${n}`}
                      aria-required
                      inputMode="numeric"
                      {...form.getInputProps(`${path}.amount`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput aria-label={`${p.unit} ${n}`} aria-required {...form.getInputProps(`${path}.unit`)} />
                  </Table.Td>
                  <Table.Td>
                    <MoneyInput
                      aria-label={`${p.netto} ${n}`}
                      aria-required
                      value={position.netto}
                      onChange={(value) => form.setFieldValue(`${path}.netto`, value)}
                      error={form.errors[`${path}.netto`]}
                    />
                  </Table.Td>
                  <Table.Td>
                    <SearchableSelect
                      aria-label={`${p.vatRate} ${n}`}
                      aria-required
                      data={RATE_OPTIONS}
                      allowDeselect={false}
                      comboboxProps={{ withinPortal: true }}
                      {...form.getInputProps(`${path}.vatRate`)}
                    />
                  </Table.Td>
                  <Table.Td ta="right" data-testid={`netto-value-${n}`}>
                    {money(line?.nettoValue)}
                  </Table.Td>
                  <Table.Td ta="right">{money(line?.vatValue)}</Table.Td>
                  <Table.Td ta="right" data-testid={`brutto-value-${n}`}>
                    {money(line?.bruttoValue)}
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={p.remove(n)}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={p.remove(n)}
                        disabled={positions.length === 1}
                        onClick={() => form.removeListItem('invoicePositions', index)}
                      >
                        <IconTrash />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              );
            })}
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
