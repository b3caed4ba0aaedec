import { RecordModal } from '../../../components/RecordModal.tsx';
import { useAuth } from '../../auth/useAuth.ts';
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

  const waiting = mode === 'edit' ? !order.data : settings.isPending;

  return (
    <RecordModal
      opened={opened}
      onClose={onClose}
      title={mode === 'edit' ? t.editTitle : t.createTitle}
      loading={waiting}
      loadFailed={mode === 'edit' && order.isError}
    >
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
    </RecordModal>
  );
}
