import type { Query } from '@spedycja/domain';
import { choiceEditor, type EditorSpec } from '../../../components/inlineEditors.tsx';
import { measuresEditor, partyEditor } from '../../../components/shipment/shipmentEditors.tsx';
import { CustomerPicker } from '../../customers/index.ts';
import { STATUS_OPTIONS } from './options.ts';

/**
 * The editors of the queries table's cells that differ from the orders table's (the shared ones
 * are in components/shipment/shipmentEditors.tsx). A cell is an InlineEditDialog given one of these.
 */

export type QueryEditorSpec<V> = EditorSpec<Query, V>;

export const statusEditor = choiceEditor('status', STATUS_OPTIONS);

/** The dimensions and the weight together (one column shows both). */
export const dimensionsEditor = measuresEditor(['cargoLength', 'cargoWidth', 'cargoHeight', 'cargoWeight'], {
  cols: 2,
  width: 480,
});

export const customerEditor = partyEditor('customer', CustomerPicker);
