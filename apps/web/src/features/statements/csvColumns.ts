import {
  CSV_MAPPING_COLUMNS,
  type CsvMapping,
  type CsvMappingColumn,
  detectCsvSeparator,
  looksLikeMt940,
} from '@spedycja/domain';

/** The mapping form's state: each part's column (a header's name, or its number from 1 without a header). */
export type MappingDraft = Partial<Record<CsvMappingColumn, string>> & {
  separator: CsvMapping['separator'] | null;
  header: boolean;
};

export const EMPTY_MAPPING: MappingDraft = { separator: null, header: true };

/** What the chosen file is: MT940 (no mapping needed) or a CSV, with the cells of its first row. */
export type FileShape = { format: 'mt940' } | { format: 'csv'; firstRow: string[]; separator: ';' | '\t' | ',' };

/** The file's text as the server reads it: UTF-8 when valid, else Windows-1250 (Polish banks' exports). */
function decode(data: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(data).replace(/^\uFEFF/, '');
  } catch {
    return new TextDecoder('windows-1250').decode(data);
  }
}

/** The cells of a CSV line (quoted cells with doubled quotes inside them). */
export function splitCsvLine(line: string, separator: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i] as string;
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === separator) {
      cells.push(cell.trim());
      cell = '';
    } else cell += ch;
  }
  cells.push(cell.trim());
  return cells;
}

/** Reads the start of the chosen file: MT940, or a CSV's first row, to offer its columns in the mapping form. */
export async function readFileShape(file: File): Promise<FileShape> {
  const text = decode(await file.slice(0, 64 * 1024).arrayBuffer());
  if (looksLikeMt940(text)) return { format: 'mt940' };
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const separator = detectCsvSeparator(firstLine);
  return { format: 'csv', firstRow: splitCsvLine(firstLine, separator), separator };
}

/**
 * The columns a select offers: the header's names (the saved mapping then fits the bank's next file whatever order
 * it comes in), or 'Kolumna 3: …' by number without a header; a saved column the file lacks is offered as it is.
 */
export function columnOptions(
  firstRow: string[],
  draft: MappingDraft,
  numbered: (n: number, sample: string) => string,
): { value: string; label: string }[] {
  const options = draft.header
    ? firstRow.filter((name) => name !== '').map((name) => ({ value: name, label: name }))
    : firstRow.map((sample, i) => ({ value: String(i + 1), label: numbered(i + 1, sample) }));
  const known = new Set(options.map((o) => o.value));
  for (const column of CSV_MAPPING_COLUMNS) {
    const value = draft[column];
    if (value && !known.has(value)) {
      known.add(value);
      options.push({ value, label: value });
    }
  }
  return options;
}

/** A saved mapping into the form (numbers as text). */
export function draftOf(mapping: CsvMapping): MappingDraft {
  const draft: MappingDraft = { separator: mapping.separator ?? null, header: mapping.header ?? true };
  for (const column of CSV_MAPPING_COLUMNS) {
    const value = mapping[column];
    if (value !== undefined) draft[column] = String(value);
  }
  return draft;
}

/** The form into the payload's mapping (csvMappingSchema): the columns chosen, the bank to save it under. */
export function mappingOf(draft: MappingDraft, bank: string): CsvMapping {
  const mapping: CsvMapping = { header: draft.header };
  if (bank) mapping.bank = bank;
  if (draft.separator) mapping.separator = draft.separator;
  for (const column of CSV_MAPPING_COLUMNS) {
    const value = draft[column];
    if (value) mapping[column] = value;
  }
  return mapping;
}
