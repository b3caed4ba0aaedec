import type {
  DuplicatePolicy,
  ImportCheckAnswer,
  ImportKind,
  ImportMapping,
  ImportPreviewRow,
  ImportRecord,
  ImportUploadAnswer,
  SavedImportMapping,
} from '@spedycja/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, newIdempotencyKey } from '../../lib/apiClient.ts';

/** An import with the first rows of its file, normalised (POST /api/imports, PUT …/mapping, GET …/preview). */
export type ImportWithPreview = ImportRecord & { sampleRows: string[][]; preview: ImportPreviewRow[] };

export const importsKey = (kind: ImportKind) => ['imports', kind] as const;

/** GET /api/imports?kind=…: the imports of this kind, newest first. */
export function useImports(kind: ImportKind) {
  return useQuery({
    queryKey: importsKey(kind),
    queryFn: () => api.list<ImportRecord>('/imports', { kind, itemsPerPage: 10 }),
    meta: { errorAction: 'ładowania historii importów' },
  });
}

/** POST /api/imports (multipart: file, kind, sheet). */
export function useUploadImport(kind: ImportKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, sheet }: { file: File; sheet?: string }) => {
      const form = new FormData();
      form.append('kind', kind);
      if (sheet) form.append('sheet', sheet);
      form.append('file', file);
      return api.post<ImportUploadAnswer>('/imports', form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importsKey(kind) }),
  });
}

/** PUT /api/imports/{uuid}/mapping: the columns and the duplicate policy; answers the new preview. */
export function useUpdateMapping() {
  return useMutation({
    mutationFn: ({
      uuid,
      ...body
    }: {
      uuid: string;
      mapping?: ImportMapping;
      duplicates?: DuplicatePolicy;
      createMissingParties?: boolean;
    }) => api.put<ImportWithPreview>(`/imports/${uuid}/mapping`, body),
  });
}

/** POST /api/imports/{uuid}/check: the dry run. */
export function useCheckImport() {
  return useMutation({ mutationFn: (uuid: string) => api.post<ImportCheckAnswer>(`/imports/${uuid}/check`) });
}

/** POST /api/imports/{uuid}/run (Idempotency-Key): the run starts on the server. */
export function useRunImport(kind: ImportKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      api.post<ImportRecord>(`/imports/${uuid}/run`, undefined, { idempotencyKey: newIdempotencyKey() }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: importsKey(kind) }),
  });
}

export type VerifyCounts = { pending: number; ok: number; failed: number; unavailable: number; skipped: number };
export type ImportState = ImportRecord & {
  verifyState: 'queued' | 'done' | null;
  verifyNote: string | null;
  verifyCounts: VerifyCounts | null;
  /** An orders' import: the customers and carriers it created from its rows (null for the others). */
  createdParties?: number | null;
};

/** GET /api/imports/{uuid}, read again every second while it runs or its parties are being verified. */
export function useImportState(uuid: string | null) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['imports', 'one', uuid],
    queryFn: async () => {
      const previous = queryClient.getQueryData<ImportState>(['imports', 'one', uuid]);
      const state = await api.get<ImportState>(`/imports/${uuid}`);
      // A run that ended changes the history list beside it ('w toku' → 'zakończony'): read it again.
      if (previous && previous.state !== state.state) {
        void queryClient.invalidateQueries({ queryKey: importsKey(state.kind) });
      }
      return state;
    },
    enabled: uuid !== null,
    refetchInterval: (query) =>
      query.state.data?.state === 'running' || query.state.data?.verifyState === 'queued' ? 1000 : false,
  });
}

/** POST /api/imports/{uuid}/verify: 'Zweryfikuj zaimportowanych'. */
export function useVerifyImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) => api.post<ImportState>(`/imports/${uuid}/verify`),
    onSuccess: (_data, uuid) => queryClient.invalidateQueries({ queryKey: ['imports', 'one', uuid] }),
  });
}

/** GET/POST /api/import_mappings: the mappings saved under a name. */
export function useSavedMappings(kind: ImportKind) {
  return useQuery({
    queryKey: ['import_mappings', kind],
    queryFn: () => api.list<SavedImportMapping>('/import_mappings', { kind }),
  });
}
export function useSaveMapping(kind: ImportKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; headers: string[]; mapping: ImportMapping }) =>
      api.post<SavedImportMapping>('/import_mappings', Object.assign({ kind }, body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['import_mappings', kind] }),
  });
}
