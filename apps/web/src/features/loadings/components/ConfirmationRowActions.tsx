import { Menu } from '@mantine/core';
import { IconCheck, IconTruck } from '../../../components/icons.tsx';
import { RowActionMenu } from '../../../components/RowAction.tsx';
import { loadingsMessages as t } from '../messages.ts';
import type { ConfirmationRequest } from './ConfirmationFlow.tsx';

/**
 * The orders table's 'Potwierdzenia' menu with 'Potwierdź załadunek' and 'Potwierdź rozładunek': one icon, so that the
 * row's actions still fit a 1366 px laptop; green once the unloading is confirmed, a tick beside each confirmed side.
 */
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
  const done = (finished: boolean) => (finished ? <IconCheck /> : undefined);
  return (
    <RowActionMenu
      label={t.confirmationsMenu}
      icon={<IconTruck />}
      color={unloadingFinished ? 'green' : loadingFinished ? 'teal' : undefined}
    >
      <Menu.Item rightSection={done(loadingFinished)} onClick={() => onOpen({ side: 'loading', orderUuid })}>
        {t.confirmLoadingAction}
      </Menu.Item>
      <Menu.Item rightSection={done(unloadingFinished)} onClick={() => onOpen({ side: 'unloading', orderUuid })}>
        {t.confirmUnloadingAction}
      </Menu.Item>
    </RowActionMenu>
  );
}
