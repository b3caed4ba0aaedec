import { Group } from '@mantine/core';
import type { Invoice } from '@spedycja/domain';
import {
  IconArrowsExchange,
  IconCertificate,
  IconCheck,
  IconCloudUpload,
  IconCoins,
  IconDownload,
  IconPaperclip,
  IconReceipt,
  IconSend,
  IconX,
} from '../../../components/icons.tsx';
import { DeleteAction, EditAction, RowAction } from '../../../components/RowAction.tsx';
import { hasInterest, interestUiMessages } from '../../interest/index.ts';
import { invoicesMessages as t } from '../messages.ts';

export type InvoiceRowActionsProps = {
  invoice: Invoice;
  busy: boolean;
  onEdit: (invoice: Invoice) => void;
  onPdf: (invoice: Invoice) => void;
  onSend: (invoice: Invoice) => void;
  /** Issue 37: 'Dołącz CMR' — the invoice's mail with the order's released CMR (a VAT invoice of an order). */
  onSendWithCmr?: (invoice: Invoice) => void;
  onXml: (invoice: Invoice) => void;
  onKsef: (invoice: Invoice) => void;
  onUpo: (invoice: Invoice) => void;
  onDraft: (invoice: Invoice, type: 'vat' | 'corrective') => void;
  onTogglePaid: (invoice: Invoice) => void;
  onPayments: (invoice: Invoice) => void;
  /** 'Odsetki' on an overdue or late-paid invoice (issue 26). */
  onInterest?: (invoice: Invoice) => void;
  onDelete: (invoice: Invoice) => void;
};

const a = t.actions;

/** Edit, PDF, send, FA(3) XML (not a ProForma), a corrective (VAT) or a VAT invoice (ProForma), paid, delete (ProForma). */
export function InvoiceRowActions({
  invoice,
  busy,
  onEdit,
  onPdf,
  onSend,
  onSendWithCmr,
  onXml,
  onKsef,
  onUpo,
  onDraft,
  onTogglePaid,
  onPayments,
  onInterest,
  onDelete,
}: InvoiceRowActionsProps) {
  return (
    <Group gap={2} wrap="nowrap">
      <EditAction label={a.edit} onClick={() => onEdit(invoice)} />
      <RowAction label={a.pdf} disabled={busy} onClick={() => onPdf(invoice)}>
        <IconDownload />
      </RowAction>
      <RowAction label={a.send} disabled={busy} onClick={() => onSend(invoice)}>
        <IconSend />
      </RowAction>
      {onSendWithCmr && invoice.type === 'vat' && invoice.orderEntity && (
        <RowAction label={a.sendWithCmr} disabled={busy} onClick={() => onSendWithCmr(invoice)}>
          <IconPaperclip />
        </RowAction>
      )}
      {invoice.type !== 'proforma' && (
        <RowAction label={a.xml} disabled={busy} onClick={() => onXml(invoice)}>
          <IconReceipt />
        </RowAction>
      )}
      {invoice.type !== 'proforma' && ['none', 'rejected'].includes(invoice.ksefStatus) && (
        <RowAction label={a.ksef} color="blue" disabled={busy} onClick={() => onKsef(invoice)}>
          <IconCloudUpload />
        </RowAction>
      )}
      {invoice.ksefStatus === 'accepted' && (
        <RowAction label={a.upo} disabled={busy} onClick={() => onUpo(invoice)}>
          <IconCertificate />
        </RowAction>
      )}
      {invoice.type === 'vat' && (
        <RowAction label={a.corrective} onClick={() => onDraft(invoice, 'corrective')}>
          <IconArrowsExchange />
        </RowAction>
      )}
      {invoice.type === 'proforma' && (
        <RowAction label={a.vatFromProforma} onClick={() => onDraft(invoice, 'vat')}>
          <IconCoins />
        </RowAction>
      )}
      {invoice.type !== 'proforma' && (
        <RowAction label={a.payments} color="teal" onClick={() => onPayments(invoice)}>
          <IconCoins />
        </RowAction>
      )}
      {onInterest && hasInterest(invoice) && (
        <RowAction label={interestUiMessages.action} color="orange" onClick={() => onInterest(invoice)}>
          <IconCoins />
        </RowAction>
      )}
      <RowAction
        label={invoice.paid ? a.markUnpaid : a.markPaid}
        color={invoice.paid ? 'gray' : 'green'}
        onClick={() => onTogglePaid(invoice)}
      >
        {invoice.paid ? <IconX /> : <IconCheck />}
      </RowAction>
      {invoice.type === 'proforma' && <DeleteAction label={a.delete} onClick={() => onDelete(invoice)} />}
    </Group>
  );
}
