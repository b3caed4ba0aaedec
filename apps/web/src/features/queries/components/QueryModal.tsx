import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { useState } from 'react';
import { RecordModal } from '../../../components/RecordModal.tsx';
import { useAuth } from '../../auth/useAuth.ts';
import { OffersTable, useOffers } from '../../offers/index.ts';
import { useQueryDetail } from '../api/getQuery.ts';
import { queriesMessages as t } from '../messages.ts';
import { QueryForm } from './QueryForm.tsx';
import { emptyQueryForm, queryToForm } from './queryForm.ts';

export type QueryModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The query to edit; without it the modal creates one. */
  queryUuid?: string | null;
  /**
   * Shown, not edited (an order's query, opened from the order): the form disabled and the query's offers under it,
   * the one the order took marked. `queryId` titles it while it loads, or when it cannot be read (deleted).
   */
  readOnly?: { queryId: number | null };
};

const OFFERS_PAGE_SIZE = 10;

/** Create or edit a query (1000 px). If the query cannot be loaded, the modal closes (the error is notified). */
export function QueryModal({ opened, onClose, queryUuid, readOnly }: QueryModalProps) {
  const mode = queryUuid ? 'edit' : 'create';
  const query = useQueryDetail(opened ? queryUuid : null, { quiet: !!readOnly });
  const { user } = useAuth();
  const title = readOnly
    ? t.readOnlyTitle(query.data?.id ?? readOnly.queryId)
    : mode === 'edit'
      ? t.editTitle
      : t.createTitle;
  // A query the user may not read (deleted: only administrators open those) says so instead of closing.
  const unreadable = !!readOnly && query.isError;

  return (
    <RecordModal
      opened={opened}
      onClose={onClose}
      title={title}
      loading={mode === 'edit' && !query.data && !unreadable}
      loadFailed={mode === 'edit' && query.isError && !readOnly}
      historyPath={mode === 'edit' ? query.data?.['@id']?.replace(/^\/api/, '') : null}
    >
      {unreadable ? (
        <Stack>
          <Alert color="orange" variant="light">
            {t.readOnlyUnavailable}
          </Alert>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t.close}
            </Button>
          </Group>
        </Stack>
      ) : (
        <>
          <QueryForm
            key={queryUuid ?? 'new'}
            mode={mode}
            readOnly={!!readOnly}
            queryUuid={queryUuid ?? null}
            initialValues={query.data ? queryToForm(query.data) : emptyQueryForm(user?.uuid || null)}
            onCancel={onClose}
            onSaved={onClose}
          />
          {readOnly && queryUuid && (
            <>
              <ReadOnlyOffers queryUuid={queryUuid} />
              <Group justify="flex-end" mt="md">
                <Button variant="default" onClick={onClose}>
                  {t.close}
                </Button>
              </Group>
            </>
          )}
        </>
      )}
    </RecordModal>
  );
}

/** The query's offers as the offers modal lists them, without its buttons. */
function ReadOnlyOffers({ queryUuid }: { queryUuid: string }) {
  const [page, setPage] = useState(1);
  const offers = useOffers({ 'query.uuid': queryUuid, page, itemsPerPage: OFFERS_PAGE_SIZE }, true);
  return (
    <Stack gap="xs" mt="lg">
      <Title order={4}>{t.readOnlyOffers}</Title>
      <OffersTable
        rows={offers.data?.['hydra:member'] ?? []}
        totalItems={offers.data?.['hydra:totalItems'] ?? 0}
        loading={offers.isFetching}
        page={page}
        pageSize={OFFERS_PAGE_SIZE}
        onPageChange={setPage}
      />
    </Stack>
  );
}
