import { RecordModal } from '../../../components/RecordModal.tsx';
import { useAuth } from '../../auth/useAuth.ts';
import { useQueryDetail } from '../api/getQuery.ts';
import { queriesMessages as t } from '../messages.ts';
import { QueryForm } from './QueryForm.tsx';
import { emptyQueryForm, queryToForm } from './queryForm.ts';

export type QueryModalProps = {
  opened: boolean;
  onClose: () => void;
  /** The query to edit; without it the modal creates one. */
  queryUuid?: string | null;
};

/** Create or edit a query (1000 px). If the query cannot be loaded, the modal closes (the error is notified). */
export function QueryModal({ opened, onClose, queryUuid }: QueryModalProps) {
  const mode = queryUuid ? 'edit' : 'create';
  const query = useQueryDetail(opened ? queryUuid : null);
  const { user } = useAuth();

  return (
    <RecordModal
      opened={opened}
      onClose={onClose}
      title={mode === 'edit' ? t.editTitle : t.createTitle}
      loading={mode === 'edit' && !query.data}
      loadFailed={mode === 'edit' && query.isError}
      historyPath={mode === 'edit' ? query.data?.['@id']?.replace(/^\/api/, '') : null}
    >
      <QueryForm
        key={queryUuid ?? 'new'}
        mode={mode}
        queryUuid={queryUuid ?? null}
        initialValues={query.data ? queryToForm(query.data) : emptyQueryForm(user?.uuid || null)}
        onCancel={onClose}
        onSaved={onClose}
      />
    </RecordModal>
  );
}
