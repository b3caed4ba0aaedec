import { Checkbox, Fieldset, Select, SimpleGrid } from '@mantine/core';
import { CSV_MAPPING_COLUMNS, CSV_REQUIRED_COLUMNS } from '@spedycja/domain';
import { SearchableSelect } from '../../components/SearchableSelect.tsx';
import { columnOptions, type MappingDraft } from './csvColumns.ts';
import { statementsUiMessages as t } from './messages.ts';

type Props = {
  value: MappingDraft;
  onChange: (next: MappingDraft) => void;
  /** The cells of the chosen CSV's first row (empty before a file is read). */
  firstRow: string[];
};

/** The CSV's columns, one select per part of an operation (date, amount, title, …), its separator and header. */
export function CsvMappingForm({ value, onChange, firstRow }: Props) {
  const options = columnOptions(firstRow, value, t.numberedColumn);
  return (
    <Fieldset legend={t.mappingLegend} aria-label={t.mappingLegend}>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
        {CSV_MAPPING_COLUMNS.map((column) => (
          <SearchableSelect
            key={column}
            label={t.columns[column]}
            withAsterisk={CSV_REQUIRED_COLUMNS.includes(column)}
            placeholder={t.chooseColumn}
            data={options}
            value={value[column] ?? null}
            onChange={(next) => onChange({ ...value, [column]: next ?? undefined })}
            clearable
            size="xs"
          />
        ))}
        <Select
          label={t.separator}
          data={[
            { value: '', label: t.separators.auto },
            { value: ';', label: t.separators.semicolon },
            { value: ',', label: t.separators.comma },
            { value: '\t', label: t.separators.tab },
          ]}
          value={value.separator ?? ''}
          onChange={(next) => onChange({ ...value, separator: next ? (next as MappingDraft['separator']) : null })}
          allowDeselect={false}
          size="xs"
        />
        <Checkbox
          mt="lg"
          label={t.hasHeader}
          checked={value.header}
          // The columns were named by the header or by number: switching drops the choices made the other way.
          onChange={(e) => onChange({ separator: value.separator, header: e.currentTarget.checked })}
        />
      </SimpleGrid>
    </Fieldset>
  );
}
