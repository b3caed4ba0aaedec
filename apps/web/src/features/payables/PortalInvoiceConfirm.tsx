import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { AppModal } from '../../components/AppModal.tsx';
import { DateInput } from '../../components/dates.tsx';
import { MoneyInput } from '../../components/MoneyInput.tsx';
import { isApiError } from '../../lib/apiClient.ts';
import { useCarrierInvoiceFromPortal } from './api.ts';
import { payablesUiMessages as t } from './messages.ts';

/** An order's document of kind 'invoice' sent through the carrier's link, with what the carrier typed with it. */
export type PortalInvoiceDocument = {
  uuid: string;
  fileName: string;
  invoiceFigures?: { number: string | null; issueDate: string | null; grossAmount: number | null } | null;
};

/**
 * 'Potwierdź fakturę' (issue 38): the office saves the carrier's PDF as a carrier invoice to pay, the carrier's number,
 * issue date and gross filled in; the net and VAT left empty take the order's carrier price (the server checks them).
 */
export function PortalInvoiceConfirm({ document }: { document: PortalInvoiceDocument }) {
  const [open, setOpen] = useState(false);
  const typed = document.invoiceFigures;
  const [number, setNumber] = useState(typed?.number ?? '');
  const [issueDate, setIssueDate] = useState<string | null>(typed?.issueDate ?? null);
  const [gross, setGross] = useState<number | null>(typed?.grossAmount ?? null);
  const [net, setNet] = useState<number | null>(null);
  const [vat, setVat] = useState<number | null>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useCarrierInvoiceFromPortal();
  const submit = async () => {
    const body: Record<string, unknown> = {};
    if (number.trim()) body.number = number.trim();
    if (issueDate) body.issueDate = issueDate;
    if (gross !== null) body.grossAmount = gross;
    if (net !== null) body.netAmount = net;
    if (vat !== null) body.vatAmount = vat;
    try {
      await save.mutateAsync({ document: document.uuid, body });
      setOpen(false);
    } catch (error) {
      if (isApiError(error)) setErrors(Object.fromEntries(error.violations.map((v) => [v.propertyPath, v.message])));
    }
  };
  return (
    <>
      <Button size="compact-xs" variant="light" onClick={() => setOpen(true)}>
        {t.confirmPortal}
      </Button>
      {open && (
        <AppModal opened onClose={() => setOpen(false)} title={t.confirmPortalTitle(document.fileName)}>
          <Stack gap="sm">
            <Text size="sm" c="dimmed">
              {t.confirmPortalHint}
            </Text>
            {errors.document && (
              <Text size="sm" c="red">
                {errors.document}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <TextInput
                label={t.fields.number}
                value={number}
                error={errors.number}
                onChange={(e) => setNumber(e.currentTarget.value)}
              />
              <DateInput
                label={t.fields.issueDate}
                value={issueDate}
                error={errors.issueDate}
                onChange={(v) => setIssueDate(v ? String(v) : null)}
              />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <MoneyInput label={t.fields.net} value={net} error={errors.netAmount} onChange={setNet} />
              <MoneyInput label={t.fields.vat} value={vat} error={errors.vatAmount} onChange={setVat} />
              <MoneyInput label={t.fields.gross} value={gross} error={errors.grossAmount} onChange={setGross} />
            </SimpleGrid>
            <Group justify="flex-end">
              <Button loading={save.isPending} onClick={submit}>
                {t.confirmPortalSave}
              </Button>
            </Group>
          </Stack>
        </AppModal>
      )}
    </>
  );
}
