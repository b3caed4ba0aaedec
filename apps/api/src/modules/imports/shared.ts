import type { ImportOutcome } from '@spedycja/domain';
import type { dataImports } from '../../db/schema/index.ts';

export type ImportRow = typeof dataImports.$inferSelect;

/** The history line's action: the trigger's line of the change and ours naming the file and row read as 'Import'. */
export const IMPORT_ACTION = 'dataImport';

/** What the run made of one row of the file. */
export type Outcome = { rowNumber: number; outcome: ImportOutcome; error: string | null; recordUuid: string | null };
