import { type InvoiceType, parseVatRate } from '@spedycja/domain';
import { RecordModal } from '../../../components/RecordModal.tsx';
import { settingsMap, useSettings } from '../../settings/api/getSettings.ts';
import { type InvoiceDraftSource, useInvoiceDetail, useInvoiceDraft } from '../api/getInvoice.ts';
import { invoicesMessages as t } from '../messages.ts';
import { InvoiceForm } from './InvoiceForm.tsx';
import { draftToForm, emptyInvoiceForm, invoiceToForm } from './invoiceForm.ts';

/** What opens the invoice modal: a type, and what a new invoice starts from (an order, a ProForma, a VAT invoice). */
export type InvoiceModalPreset = {
  type: InvoiceType;
  /** Issue the invoice of this order (SPEC §7): the server's draft fills the form. */
  orderUuid?: string;
  /** A VAT invoice from this ProForma, or a corrective of this VAT invoice. */
  fromInvoiceUuid?: string;
};

export type InvoiceModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The invoice to edit; without it the modal creates one from the preset. */
  invoiceUuid?: string | null;
  preset?: InvoiceModalPreset;
};

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

function draftSource(preset: InvoiceModalPreset | undefined): InvoiceDraftSource | null {
  if (!preset) return null;
  if (preset.orderUuid && preset.type !== 'corrective')
    return { kind: 'order', uuid: preset.orderUuid, type: preset.type };
  if (preset.fromInvoiceUuid && preset.type !== 'proforma') {
    return { kind: 'invoice', uuid: preset.fromInvoiceUuid, type: preset.type };
  }
  return null;
}

/**
 * Create or edit an invoice (1000 px). A new one starts from its draft (an order's, a ProForma's, the corrected
 * invoice's) or empty with the seller from the settings; if the record or the draft cannot be loaded, it closes.
 */
export function InvoiceModal({ opened, onClose, invoiceUuid, preset }: InvoiceModalProps) {
  const mode = invoiceUuid ? 'edit' : 'create';
  const invoice = useInvoiceDetail(opened ? invoiceUuid : null);
  const source = mode === 'create' && opened ? draftSource(preset) : null;
  const draft = useInvoiceDraft(source);
  const settings = useSettings();
  const type: InvoiceType = invoice.data?.type ?? preset?.type ?? 'vat';
  const settingValues = settingsMap(settings.data);
  const defaultRate = parseVatRate(settingValues.invoiceDefaultVatRate ?? '19') ?? 1900;

  const loading = mode === 'edit' ? !invoice.data : settings.isPending || (source !== null && !draft.data);
  const values = invoice.data
    ? invoiceToForm(invoice.data)
    : draft.data
      ? draftToForm(draft.data, settingValues, today())
      : emptyInvoiceForm(type, settingValues, today());

  return (
    <RecordModal
      opened={opened}
      onClose={onClose}
      title={mode === 'edit' ? t.editTitles[type] : t.createTitles[type]}
      loading={loading}
      loadFailed={(mode === 'edit' && invoice.isError) || draft.isError}
      historyPath={mode === 'edit' ? invoice.data?.['@id']?.replace(/^\/api/, '') : null}
    >
      <InvoiceForm
        key={invoiceUuid ?? `${source?.kind ?? 'new'}-${source?.uuid ?? type}`}
        mode={mode}
        invoiceUuid={invoiceUuid ?? null}
        initialValues={values}
        defaultRate={draft.data?.invoicePositions[0]?.vatRate ?? defaultRate}
        vatNote={draft.data?.vatNote ?? null}
        onCancel={onClose}
        onSaved={onClose}
      />
    </RecordModal>
  );
}
