import { ActionIcon, Menu, Tooltip } from '@mantine/core';
import { IconReceipt } from '../../../components/icons.tsx';
import { invoicesMessages as t } from '../messages.ts';

/** The orders table's row menu of invoices: 'Wystaw fakturę ProForma' and 'Wystaw fakturę VAT'. */
export function OrderInvoiceActions({ onIssue }: { onIssue: (type: 'proforma' | 'vat') => void }) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Tooltip label={t.orderActions.menu}>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t.orderActions.menu}>
            <IconReceipt />
          </ActionIcon>
        </Menu.Target>
      </Tooltip>
      <Menu.Dropdown>
        <Menu.Item onClick={() => onIssue('proforma')}>{t.orderActions.proforma}</Menu.Item>
        <Menu.Item onClick={() => onIssue('vat')}>{t.orderActions.vat}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
