import type { dataImports } from '../../db/schema/index.ts';

export type ImportRow = typeof dataImports.$inferSelect;

/** The history line's action: the trigger's line of the change and ours naming the file and row read as 'Import'. */
export const IMPORT_ACTION = 'dataImport';
