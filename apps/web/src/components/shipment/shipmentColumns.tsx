import { DELETION_REASONS, type LoadingType, loadingTypeLabels, type ShipmentRead } from '@spedycja/domain';
import type { ReactNode } from 'react';
import type { ColumnDef } from '../DataTable/types.ts';
import { DateTimeText, MoneyText, TextValue, WallClockText } from '../display.tsx';
import type { EditableCell, EditorSpec } from '../inlineEditors.tsx';
import type { PartyRef } from '../parties/partyForm.ts';
import {
  additionalInfoEditor,
  cargoEditor,
  datesEditor,
  loadingTypeEditor,
  ownerEditor,
  placeEditor,
} from './shipmentEditors.tsx';

/**
 * The columns that the queries and orders tables share, each with its editor. A table picks them
 * in its own order, gives them its own headers and adds its own columns.
 */

/** A row of the queries or the orders table. */
export type ShipmentRow = ShipmentRead & { customer: PartyRef | null };

export type ShipmentColumnLabels = Record<
  | 'cargo'
  | 'loadingPlace'
  | 'unloadingPlace'
  | 'loadingType'
  | 'customer'
  | 'additionalInfo'
  | 'createdDate'
  | 'user'
  | 'deletionReason'
  | 'actions',
  string
>;

type Side = 'loading' | 'unloading';

/** Room for 'Klient ekranu' or 'Części samochodowe' on a line: names take two lines at most. */
export const NAME_MIN_WIDTH = 96;

export function shipmentColumns<R extends ShipmentRow>(c: ShipmentColumnLabels, editable: EditableCell<R>) {
  return {
    cargo: {
      id: 'cargo',
      header: c.cargo,
      sortKey: 'cargo',
      width: 130,
      minWidth: NAME_MIN_WIDTH,
      cell: (r) => editable(r, c.cargo, 'cargo', cargoEditor, <TextValue value={r.cargo} max={20} />),
    } satisfies ColumnDef<R>,

    /** The place of one side; the table says how it reads. */
    place: (side: Side, display: (row: R) => ReactNode): ColumnDef<R> => {
      const label = c[`${side}Place`];
      return {
        id: `${side}Place`,
        header: label,
        sortKey: `${side}City`,
        // Narrow enough for a 1366 px laptop: a long city name wraps (at its hyphens and spaces).
        width: 140,
        cell: (r) => editable(r, label, `${side}Place`, placeEditor(side), display(r)),
      };
    },

    /** One of the dates; its dialog edits both (`dialogLabel` is the dialog's title). */
    date: (key: 'loadingDate' | 'unloadingDate', header: string, dialogLabel: string): ColumnDef<R> => ({
      id: key,
      header,
      sortKey: key,
      width: 110,
      cell: (r) => editable(r, dialogLabel, key, datesEditor(key), <WallClockText value={r[key]} />),
    }),

    /** An amount with its currency. */
    price: <A extends keyof R & string, C extends keyof R & string>(
      header: string,
      amountKey: A,
      currencyKey: C,
      editor: EditorSpec<R, { amount: number | null; currency: string }>,
    ): ColumnDef<R> => ({
      id: amountKey,
      header,
      sortKey: amountKey,
      // The amount stays on one line; a two-word header wraps above it.
      width: 100,
      nowrap: true,
      cell: (r) =>
        editable(
          r,
          header,
          amountKey,
          editor,
          <MoneyText value={r[amountKey] as number | null} currency={r[currencyKey] as string} />,
        ),
    }),

    loadingType: {
      id: 'loadingType',
      header: c.loadingType,
      sortKey: 'loadingType',
      // 'wózkiem widłowym' may take two lines.
      width: 80,
      cell: (r) =>
        editable(
          r,
          c.loadingType,
          'loadingType',
          loadingTypeEditor,
          loadingTypeLabels[r.loadingType as LoadingType] ?? r.loadingType,
        ),
    } satisfies ColumnDef<R>,

    /** The customer, chosen with the customers feature's picker (`editor`); `mark` beside the name ('Dłużnik'). */
    customer: (editor: EditorSpec<R, PartyRef | null>, mark?: (r: R) => ReactNode): ColumnDef<R> => ({
      id: 'customer',
      header: c.customer,
      sortKey: 'customer.companyName',
      // A company's name wraps at its spaces rather than widen the table, on two lines at most.
      width: 110,
      minWidth: NAME_MIN_WIDTH,
      cell: (r) => (
        <>
          {editable(
            r,
            c.customer,
            'customer',
            editor,
            <TextValue value={r.customer?.companyName || r.customer?.name} max={20} />,
          )}
          {mark?.(r)}
        </>
      ),
    }),

    additionalInfo: {
      id: 'additionalInfo',
      header: c.additionalInfo,
      // Its 30 characters on two lines rather than one wide one.
      width: 120,
      cell: (r) =>
        editable(
          r,
          c.additionalInfo,
          'additionalInfo',
          additionalInfoEditor,
          <TextValue value={r.additionalInfo} max={30} />,
        ),
    } satisfies ColumnDef<R>,

    createdDate: {
      id: 'createdDate',
      header: c.createdDate,
      sortKey: 'createdDate',
      // 'HH:mm, DD/MM/YYYY' breaks after the comma: every SPEC column fits a 1920 px screen.
      width: 96,
      cell: (r) => <DateTimeText value={r.createdDate} />,
    } satisfies ColumnDef<R>,

    user: (ownerOptions: { value: string; label: string }[]): ColumnDef<R> => ({
      id: 'user',
      header: c.user,
      sortKey: 'user.name',
      width: 80,
      cell: (r) => editable(r, c.user, 'user', ownerEditor(ownerOptions), <TextValue value={r.user?.name} />),
    }),

    /**
     * The end of the row: the deletion reason in the deleted view, the actions; values on one line (long texts are
     * truncated), which keeps the rows even, except in the narrow columns given a width (places, cargo, dates), which
     * wrap so that the usual columns fit a 1366 px laptop.
     */
    finish: (list: ColumnDef<R>[], deleted: boolean, renderActions: (row: R) => ReactNode): ColumnDef<R>[] => {
      const all = [...list];
      if (deleted) {
        all.push({
          id: 'deletionReason',
          header: c.deletionReason,
          cell: (r) => DELETION_REASONS[r.deletionReason] ?? String(r.deletionReason),
        });
      }
      all.push({ id: 'actions', header: c.actions, cell: renderActions });
      return all.map((column) => ({ ...column, nowrap: column.nowrap ?? column.width === undefined }));
    },
  };
}
