import type { Query } from '@spedycja/domain';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { IconArrowsExchange } from '../../../components/icons.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { useConvertQueryToOrder } from '../api/convertQueryToOrder.ts';
import { ordersMessages as t } from '../messages.ts';

export type ConvertQueryToOrderActionProps = {
  query: Pick<Query, 'uuid' | 'id'>;
  /** After the query became an order (the lists are refreshed already). */
  onConverted?: () => void;
};

/**
 * The queries table's 'Zamień w zlecenie': asks first, then POST /api/queries/{uuid}/changeType;
 * 'Pomyślnie zamieniono zapytanie w zlecenie', and both lists (and the tasks) are read again.
 */
export function ConvertQueryToOrderAction({ query, onConverted }: ConvertQueryToOrderActionProps) {
  const [asking, setAsking] = useState(false);
  const convert = useConvertQueryToOrder();

  const handleConfirm = async () => {
    try {
      await convert.mutateAsync(query.uuid);
      onConverted?.();
    } finally {
      setAsking(false);
    }
  };

  return (
    <>
      <RowAction label={t.toOrderAction} onClick={() => setAsking(true)}>
        <IconArrowsExchange />
      </RowAction>
      <ConfirmDialog
        opened={asking}
        title={t.toOrderTitle}
        text={t.toOrderQuestion(query.id)}
        onConfirm={handleConfirm}
        onCancel={() => setAsking(false)}
      />
    </>
  );
}
