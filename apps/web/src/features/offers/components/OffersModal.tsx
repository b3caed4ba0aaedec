import { Alert, Badge, Button, Group, List, Text } from '@mantine/core';
import { formatDateTime, formatMoney, formatPhone, type Offer } from '@spedycja/domain';
import { useCallback, useMemo, useState } from 'react';
import { AppModal } from '../../../components/AppModal.tsx';
import { ConfirmDialog } from '../../../components/ConfirmDialog.tsx';
import { IconPlus } from '../../../components/icons.tsx';
import { DeleteAction, EditAction } from '../../../components/RowAction.tsx';
import { useDeleteOffer } from '../api/deleteOffer.ts';
import { useOffers } from '../api/getOffers.ts';
import { offersMessages as t } from '../messages.ts';
import { OfferModal } from './OfferModal.tsx';
import { OffersTable } from './OffersTable.tsx';

export type OffersModalProps = {
  opened: boolean;
  onClose: () => void;
  queryIri: string | null;
  queryUuid: string | null;
  /** The query's route for the title, e.g. 'PL 00-001 Warszawa → DE 10115 Berlin'. */
  route: string;
  /** After an offer was added, changed or deleted (the query's best offer may differ now). */
  onChanged?: (queryUuid: string) => void;
};

const PAGE_SIZE = 10;
const MODAL_WIDTH = 1100;

const carrierName = (o: Offer) => o.carrier?.companyName || o.carrier?.name || null;

/** A query's carrier offers: the table, an add button, edit and delete (SPEC §2 Offers table). */
export function OffersModal({ opened, onClose, queryIri, queryUuid, route, onChanged }: OffersModalProps) {
  const [page, setPage] = useState(1);
  const [form, setForm] = useState<{ opened: boolean; uuid: string | null }>({ opened: false, uuid: null });
  const [toDelete, setToDelete] = useState<Offer | null>(null);
  const deleteOffer = useDeleteOffer();
  const params = useMemo(() => ({ 'query.uuid': queryUuid, page, itemsPerPage: PAGE_SIZE }), [queryUuid, page]);
  const offers = useOffers(params, opened && !!queryUuid);
  const rows = offers.data?.['hydra:member'] ?? [];
  // Offers from the public page whose carrier has not confirmed them by e-mail yet: shown, never the best.
  const pending = useOffers({ 'query.uuid': queryUuid, active: false, itemsPerPage: 50 }, opened && !!queryUuid);
  const pendingRows = pending.data?.['hydra:member'] ?? [];

  const changed = useCallback(() => {
    if (queryUuid) onChanged?.(queryUuid);
  }, [queryUuid, onChanged]);
  const closeForm = useCallback(() => setForm((f) => ({ ...f, opened: false })), []);
  const handleClose = () => {
    setPage(1);
    onClose();
  };

  const handleDelete = async () => {
    if (!toDelete) return;
    try {
      await deleteOffer.mutateAsync(toDelete.uuid);
      changed();
      if (rows.length === 1 && page > 1) setPage(page - 1);
    } finally {
      setToDelete(null);
    }
  };

  const actions = useCallback(
    (o: Offer) => (
      <>
        <EditAction label={t.edit} onClick={() => setForm({ opened: true, uuid: o.uuid })} />
        <DeleteAction label={t.delete} onClick={() => setToDelete(o)} />
      </>
    ),
    [],
  );

  // The form and the confirmation are siblings of the modal, not children: a key pressed in them
  // (Esc) must not reach the offers modal through React's event bubbling.
  return (
    <>
      <AppModal opened={opened} onClose={handleClose} title={t.title(route)} size={MODAL_WIDTH}>
        <Group justify="flex-end" mb="sm">
          <Button leftSection={<IconPlus />} onClick={() => setForm({ opened: true, uuid: null })}>
            {t.add}
          </Button>
        </Group>
        {pendingRows.length > 0 && (
          <Alert color="indigo" variant="light" mb="sm" title={t.pendingTitle(pendingRows.length)}>
            <Text size="sm" mb={4}>
              {t.pendingHint}
            </Text>
            <List size="sm" spacing={2}>
              {pendingRows.map((o) => (
                <List.Item key={o.uuid}>
                  {`${formatMoney(o.price, o.currency)} · ${o.email ?? ''} · ${formatPhone(o.phonePrefix, o.phone)} · ${formatDateTime(o.createdDate)} `}
                  <Badge size="xs" color="indigo" variant="light">
                    {t.pending}
                  </Badge>
                </List.Item>
              ))}
            </List>
          </Alert>
        )}
        <OffersTable
          rows={rows}
          totalItems={offers.data?.['hydra:totalItems'] ?? 0}
          loading={offers.isFetching}
          page={page}
          pageSize={PAGE_SIZE}
          onPageChange={setPage}
          actions={actions}
        />
      </AppModal>
      <OfferModal
        opened={form.opened}
        offerUuid={form.uuid}
        queryIri={queryIri}
        onClose={closeForm}
        onSaved={changed}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title={t.deleteTitle}
        text={
          toDelete ? t.deleteQuestion(carrierName(toDelete) ?? '—', formatMoney(toDelete.price, toDelete.currency)) : ''
        }
        confirmColor="red"
        onConfirm={handleDelete}
        onCancel={() => setToDelete(null)}
      />
    </>
  );
}
