import { Button, Group, Menu } from '@mantine/core';
import { useState } from 'react';
import { api } from '../../lib/apiClient.ts';
import { saveFile } from '../../lib/download.ts';
import { notifyError } from '../../lib/notify.ts';
import { IconDownload } from '../icons.tsx';
import { useComponentTexts } from '../texts.tsx';
import { ColumnChooser } from './ColumnChooser.tsx';
import type { DataTableBaseProps } from './types.ts';

const PAGING = new Set(['page', 'itemsPerPage', 'partial', 'pagination']);

/** The parameters of an export: the list's filters and sort, without its paging, and the format. */
export function exportParams(params: Record<string, unknown>, format: 'csv' | 'xlsx') {
  const kept = Object.entries(params).filter(
    ([key, value]) => !PAGING.has(key) && value !== undefined && value !== null,
  );
  return { ...(Object.fromEntries(kept) as Record<string, string | number | boolean>), format };
}

/** 'Eksportuj': every row the table would page through, as CSV or XLSX, saved under the server's file name. */
export function ExportButton({ path, params }: NonNullable<DataTableBaseProps<unknown>['exportable']>) {
  const t = useComponentTexts();
  const [busy, setBusy] = useState(false);
  const download = async (format: 'csv' | 'xlsx') => {
    setBusy(true);
    try {
      const { blob, fileName } = await api.file(`${path}/export`, exportParams(params, format));
      saveFile(blob, fileName ?? `eksport.${format}`);
    } catch (error) {
      notifyError(t.exportAction, error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          size="compact-xs"
          variant="subtle"
          leftSection={<IconDownload size={14} />}
          title={t.exportHint}
          loading={busy}
        >
          {t.exportButton}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item onClick={() => void download('csv')}>{t.exportCsv}</Menu.Item>
        <Menu.Item onClick={() => void download('xlsx')}>{t.exportXlsx}</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Above a table: the export button and the column chooser, when the table has them. */
export function TableToolbar<T>(
  props: DataTableBaseProps<T> & {
    hiddenSet: ReadonlySet<string>;
    onToggleColumn: (id: string, shown: boolean) => void;
    onResetColumns: () => void;
  },
) {
  if (!props.columnChooser && !props.exportable) return null;
  return (
    <Group justify="flex-end" gap="xs" mb={4}>
      {props.exportable && <ExportButton {...props.exportable} />}
      {props.columnChooser && (
        <ColumnChooser
          columns={props.columns}
          hiddenSet={props.hiddenSet}
          onToggle={props.onToggleColumn}
          onReset={props.onResetColumns}
        />
      )}
    </Group>
  );
}
