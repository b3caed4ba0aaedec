import { Switch } from '@mantine/core';
import { type Order, validationMessages } from '@spedycja/domain';
import { choiceEditor, type EditorSpec, notANumber } from '../../../components/inlineEditors.tsx';
import { MoneyInput } from '../../../components/MoneyInput.tsx';
import { measuresEditor, partyEditor, priceEditor } from '../../../components/shipment/shipmentEditors.tsx';
import { CarrierPicker } from '../../carriers/index.ts';
import { CustomerPicker } from '../../customers/index.ts';
import { ordersMessages as t } from '../messages.ts';
import { STATUS_OPTIONS } from './options.ts';

/**
 * The editors of the orders table's cells that differ from the queries table's (the shared ones
 * are in components/shipment/shipmentEditors.tsx). A cell is an InlineEditDialog given one of these.
 */

export type OrderEditorSpec<V> = EditorSpec<Order, V>;

const f = t.fields;

export const statusEditor = choiceEditor('status', STATUS_OPTIONS);

/** The dimensions only: the weight has a column of its own. */
export const dimensionsEditor = measuresEditor(['cargoLength', 'cargoWidth', 'cargoHeight'], { cols: 3, width: 520 });

export const weightEditor: OrderEditorSpec<number | null> = {
  width: 320,
  value: (o) => o.cargoWeight,
  render: ({ value, onChange, error }) => (
    <MoneyInput label={f.cargoWeight} value={value} onChange={onChange} error={error} rightSection="t" data-autofocus />
  ),
  toPatch: (cargoWeight) => ({ cargoWeight }),
  validate: (v) => (notANumber(v) ? validationMessages.numeric : null),
};

export const customerPriceEditor = priceEditor('customerPrice', 'customerPriceCurrency', f.customerPriceCurrency);
export const carrierPriceEditor = priceEditor('carrierPrice', 'carrierPriceCurrency', f.carrierPriceCurrency);

export const customerEditor = partyEditor('customer', CustomerPicker);
export const carrierEditor = partyEditor('carrier', CarrierPicker);

export const customerPaidEditor: OrderEditorSpec<boolean> = {
  width: 340,
  value: (o) => o.customerPaid,
  render: ({ value, onChange, error, label }) => (
    <Switch
      label={label}
      checked={value}
      onChange={(e) => onChange(e.currentTarget.checked)}
      error={error}
      data-autofocus
    />
  ),
  toPatch: (customerPaid) => ({ customerPaid }),
};
