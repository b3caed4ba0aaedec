import { useCallback, useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { useAuth } from '../../auth/useAuth.ts';
import { InvoiceModal } from '../../invoices/index.ts';
import { OrderModal } from '../../orders/index.ts';
import { loadingsMessages as t } from '../messages.ts';
import { ConfirmationModal, type ConfirmationSide } from './ConfirmationModal.tsx';

export type ConfirmationRequest = { side: ConfirmationSide; orderUuid: string };

type InvoiceType = 'proforma' | 'vat';

/**
 * The whole confirmation: the modal, the order preview over it, then (when the server asks) 'Czy wystawić fakturę
 * ProForma?' or 'Czy wystawić fakturę VAT?'; yes opens the invoice modal with the order's draft, no closes. Invoices
 * are issued by admins (the server refuses others), so only they are asked.
 */
export function ConfirmationFlow({ request, onClose }: { request: ConfirmationRequest | null; onClose: () => void }) {
  const { isAdmin } = useAuth();
  const [preview, setPreview] = useState<string | null>(null);
  const [question, setQuestion] = useState<{ type: InvoiceType; orderUuid: string } | null>(null);
  const [invoice, setInvoice] = useState<{ type: InvoiceType; orderUuid: string } | null>(null);
  const closePreview = useCallback(() => setPreview(null), []);
  const closeInvoice = useCallback(() => setInvoice(null), []);

  return (
    <>
      <ConfirmationModal
        opened={request !== null}
        side={request?.side ?? 'loading'}
        orderUuid={request?.orderUuid ?? null}
        onClose={onClose}
        onPreview={setPreview}
        onConfirmed={({ side, order, ask }) => {
          onClose();
          if (ask && isAdmin) setQuestion({ type: side === 'loading' ? 'proforma' : 'vat', orderUuid: order.uuid });
        }}
      />
      <OrderModal opened={preview !== null} orderUuid={preview} onClose={closePreview} />
      <ConfirmDialog
        opened={question !== null}
        title={question?.type === 'vat' ? t.vatTitle : t.proFormaTitle}
        text={question?.type === 'vat' ? t.askVat : t.askProForma}
        onConfirm={() => {
          setInvoice(question);
          setQuestion(null);
        }}
        onCancel={() => setQuestion(null)}
      />
      <InvoiceModal
        opened={invoice !== null}
        onClose={closeInvoice}
        preset={invoice ? { type: invoice.type, orderUuid: invoice.orderUuid } : undefined}
      />
    </>
  );
}
