import { Anchor, Group, Tabs } from '@mantine/core';
import { customerWindowMessages, isAdmin, type Order } from '@spedycja/domain';
import { useState } from 'react';
import { RecordModal } from '../../../components/RecordModal.tsx';
import { useAuth } from '../../auth/useAuth.ts';
import { CustomerLinkPanel } from '../../customerWindow/index.ts';
import { CarrierInvoiceNote } from '../../ksef/components/CarrierInvoiceNote.tsx';
import { OrderDocumentsPanel, PortalLinkPanel, portalTexts } from '../../portal/index.ts';
import { PositionsPanel, positionsTexts } from '../../positions/index.ts';
import { QueryModal } from '../../queries/index.ts';
import { settingsMap, useSettings } from '../../settings/api/getSettings.ts';
import { useOrderDetail } from '../api/getOrder.ts';
import { ordersMessages as t } from '../messages.ts';
import { OrderForm } from './OrderForm.tsx';
import { emptyOrderForm, orderToForm } from './orderForm.ts';

export type OrderModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The order to edit; without it the modal creates one. */
  orderUuid?: string | null;
};

/** The euroExchangeRate setting ('430' = 4.30 PLN) in hundredths; null when it is not set. */
export function euroRateSetting(value: string | null | undefined): number | null {
  return value && /^\d+$/.test(value) ? Number(value) : null;
}

/**
 * Create or edit an order (1000 px). A new one starts with the current user as its owner and
 * the euro rate of the settings. If the order cannot be loaded, the modal closes (the error is notified).
 */
export function OrderModal({ opened, onClose, orderUuid }: OrderModalProps) {
  const mode = orderUuid ? 'edit' : 'create';
  const order = useOrderDetail(opened ? orderUuid : null);
  const settings = useSettings();
  const { user } = useAuth();
  const [tab, setTab] = useState<string | null>('order');

  const waiting = mode === 'edit' ? !order.data : settings.isPending;
  const form = (
    <OrderForm
      key={orderUuid ?? 'new'}
      mode={mode}
      orderUuid={orderUuid ?? null}
      initialValues={
        order.data
          ? orderToForm(order.data)
          : emptyOrderForm({
              ownerUuid: user?.uuid || null,
              euroExchangeRate: euroRateSetting(settingsMap(settings.data).euroExchangeRate),
            })
      }
      onCancel={onClose}
      onSaved={onClose}
    />
  );

  return (
    <RecordModal
      opened={opened}
      onClose={onClose}
      title={mode === 'edit' ? t.editTitle : t.createTitle}
      loading={waiting}
      loadFailed={mode === 'edit' && order.isError}
      historyPath={mode === 'edit' ? order.data?.['@id']?.replace(/^\/api/, '') : null}
    >
      {order.data?.query && <QueryLink order={order.data} />}
      {order.data && user && isAdmin(user.roles) && <CarrierInvoiceNote orderIri={order.data['@id']} />}
      {mode === 'edit' && orderUuid ? (
        <Tabs value={tab} onChange={setTab} keepMounted>
          <Tabs.List mb="sm">
            <Tabs.Tab value="order">{t.editTitle}</Tabs.Tab>
            <Tabs.Tab value="link">{portalTexts.tabLink}</Tabs.Tab>
            <Tabs.Tab value="documents">{portalTexts.tabDocuments}</Tabs.Tab>
            <Tabs.Tab value="customerLink">{customerWindowMessages.linkTitle}</Tabs.Tab>
            <Tabs.Tab value="positions">{positionsTexts.tab}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="order">{form}</Tabs.Panel>
          <Tabs.Panel value="link">{order.data && <PortalLinkPanel orderUuid={orderUuid} />}</Tabs.Panel>
          <Tabs.Panel value="documents">{order.data && <OrderDocumentsPanel orderUuid={orderUuid} />}</Tabs.Panel>
          <Tabs.Panel value="customerLink">{order.data && <CustomerLinkPanel orderUuid={orderUuid} />}</Tabs.Panel>
          {/* Drawn when the tab shows: Leaflet fits the map to its container's size, and loads only then. */}
          <Tabs.Panel value="positions">
            {order.data && tab === 'positions' && <PositionsPanel order={order.data} />}
          </Tabs.Panel>
        </Tabs>
      ) : (
        form
      )}
    </RecordModal>
  );
}

/**
 * An order made from a query (or turned into one) names it, 'Z zapytania nr {id}', and opens it read-only with its
 * offers, the one the order took marked.
 */
function QueryLink({ order }: { order: Order }) {
  const [opened, setOpened] = useState(false);
  const queryUuid = order.query?.split('/').at(-1) ?? null;
  return (
    <Group gap="sm" mb="sm" wrap="nowrap">
      <Anchor component="button" type="button" size="sm" onClick={() => setOpened(true)}>
        {order.status === 'zamienione' ? t.queryLink.became(order.queryId) : t.queryLink.madeFrom(order.queryId)}
      </Anchor>
      <QueryModal
        opened={opened}
        onClose={() => setOpened(false)}
        queryUuid={queryUuid}
        readOnly={{ queryId: order.queryId }}
      />
    </Group>
  );
}
