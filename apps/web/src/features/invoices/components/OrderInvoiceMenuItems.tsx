import { Menu } from '@mantine/core';
import { IconReceipt } from '../../../components/icons.tsx';
import { invoicesMessages as t } from '../messages.ts';

/** The orders table's row items of invoices ('Więcej akcji'): 'Wystaw fakturę ProForma' and 'Wystaw fakturę VAT'. */
export function OrderInvoiceMenuItems({ onIssue }: { onIssue: (type: 'proforma' | 'vat') => void }) {
  return (
    <>
      <Menu.Item leftSection={<IconReceipt size={16} />} onClick={() => onIssue('proforma')}>
        {t.orderActions.proforma}
      </Menu.Item>
      <Menu.Item leftSection={<IconReceipt size={16} />} onClick={() => onIssue('vat')}>
        {t.orderActions.vat}
      </Menu.Item>
    </>
  );
}
