import { IconCheck, IconTruck } from '../../../components/icons.tsx';
import { RowAction } from '../../../components/RowAction.tsx';
import { loadingsMessages as t } from '../messages.ts';
import type { ConfirmationRequest } from './ConfirmationFlow.tsx';

/** The orders table's row actions 'Potwierdź załadunek' and 'Potwierdź rozładunek'. */
export function ConfirmationRowActions({
  orderUuid,
  loadingFinished,
  unloadingFinished,
  onOpen,
}: {
  orderUuid: string;
  loadingFinished: boolean;
  unloadingFinished: boolean;
  onOpen: (request: ConfirmationRequest) => void;
}) {
  return (
    <>
      <RowAction
        label={t.confirmLoadingAction}
        color={loadingFinished ? 'green' : undefined}
        onClick={() => onOpen({ side: 'loading', orderUuid })}
      >
        <IconTruck />
      </RowAction>
      <RowAction
        label={t.confirmUnloadingAction}
        color={unloadingFinished ? 'green' : undefined}
        onClick={() => onOpen({ side: 'unloading', orderUuid })}
      >
        <IconCheck />
      </RowAction>
    </>
  );
}
