import { Button, Checkbox, Group, Input, Menu, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useUncontrolledForm } from '../../../components/FormFields.tsx';
import { IconChevronDown } from '../../../components/icons.tsx';
import { focusFirstError, useSaveSubmit } from '../../../lib/forms.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { useAuth } from '../../auth/useAuth.ts';
import { type DebtorAsk, DebtorConfirmDialog, useDebtorCheck } from '../../debtors/index.ts';
import { useUserOptions, withCurrentUser } from '../../users/index.ts';
import {
  carrierUnverifiedMessage,
  isWhitelistUnconfirmed,
  type OverrideKind,
  WhitelistOverrideDialog,
} from '../../verification/index.ts';
import { useCreateOrder } from '../api/createOrder.ts';
import { useUpdateOrder } from '../api/updateOrder.ts';
import { ordersMessages as t } from '../messages.ts';
import {
  DriverAndNotesSection,
  OrderCargoSection,
  OrderRouteSection,
  PartiesSection,
  StatusSection,
} from './OrderFormFields.tsx';
import {
  buildCreatePayload,
  buildUpdatePayload,
  NO_PARTIES,
  type OrderFormValues,
  type PartyFlags,
  validateOrderForm,
} from './orderForm.ts';

export type OrderFormProps = {
  mode: 'create' | 'edit';
  orderUuid: string | null;
  initialValues: OrderFormValues;
  onCancel: () => void;
  onSaved: () => void;
};

const s = t.submit;

/**
 * The order form. 'Zapisz' saves; on create 'Zapisz i wyślij' also e-mails the document to the
 * ticked parties (the server refuses the whole create when one has no e-mail); on edit 'Zapisz
 * i oznacz jako wysłane' records that the document went out some other way.
 */
export function OrderForm({ mode, orderUuid, initialValues, onCancel, onSaved }: OrderFormProps) {
  // Uncontrolled (issue 35): a key renders its own field only; the values are read on save (getValues).
  const form = useUncontrolledForm<OrderFormValues>({ initialValues, validate: validateOrderForm(mode) });
  const { isAdmin: admin } = useAuth();
  const createOrder = useCreateOrder();
  // An admin paying a carrier whose account the white list did not confirm is asked for a reason (below), not told off.
  const updateOrder = useUpdateOrder({ asks: (error) => admin && isWhitelistUnconfirmed(error) });
  const owners = useUserOptions();
  const [sendTo, setSendTo] = useState<PartyFlags>({ customer: true, carrier: true });
  const runSave = useSaveSubmit(form, { uncontrolled: true });
  const saving = createOrder.isPending || updateOrder.isPending;

  const ownerOptions = useMemo(
    () => withCurrentUser(owners.data ?? [], initialValues.user),
    [owners.data, initialValues.user],
  );

  /**
   * A save an admin may confirm with a reason, which then goes again with it (each confirmation kept for the next
   * refusal): an unverified carrier (422), or paying the carrier on an account the white list did not confirm (409).
   */
  const [override, setOverride] = useState<{
    kind: OverrideKind;
    message: string | null;
    send: (reason: string) => Promise<void>;
  } | null>(null);
  type Extra = { carrierVerificationOverride?: { reason: string }; whitelistOverride?: { reason: string } };
  const sendOrAsk = async (send: (extra: Extra) => Promise<void>, extra: Extra = {}): Promise<void> => {
    try {
      await send(extra);
    } catch (error) {
      // A dispatcher sees the 422's message on the carrier field (useSaveSubmit), and the 409's in the notice.
      if (!admin) throw error;
      const again = (more: (reason: string) => Extra) => (reason: string) =>
        runSave(() => sendOrAsk(send, { ...extra, ...more(reason) }));
      const message = carrierUnverifiedMessage(error);
      if (message) {
        setOverride({
          kind: 'carrier',
          message,
          send: again((reason) => ({ carrierVerificationOverride: { reason } })),
        });
      } else if (isWhitelistUnconfirmed(error)) {
        setOverride({ kind: 'whitelist', message: null, send: again((reason) => ({ whitelistOverride: { reason } })) });
      } else throw error;
    }
  };

  /** A new order for a debtor (issue 26): confirmed first, with an admin's reason when blocking is on. */
  const checkDebtor = useDebtorCheck();
  const [debtor, setDebtor] = useState<{ ask: DebtorAsk; send: (reason?: string) => Promise<void> } | null>(null);

  const save = (parties: PartyFlags) =>
    runSave(async () => {
      if (form.validate().hasErrors) {
        focusFirstError();
        return;
      }
      const values = form.getValues();
      if (mode === 'create') {
        const payload = buildCreatePayload(values, parties);
        if (!payload) return;
        const create = (debtorOverride?: string) =>
          sendOrAsk(async (extra) => {
            const created = await createOrder.mutateAsync({
              ...payload,
              ...extra,
              ...(debtorOverride ? { debtorOverride } : {}),
            });
            if (created.mailSentToCustomer && parties.customer) notifySuccess(t.sentToCustomer);
            if (created.mailSentToCarrier && parties.carrier) notifySuccess(t.sentToCarrier);
            onSaved();
          });
        const ask = await checkDebtor(values.customer?.uuid);
        if (ask) {
          setDebtor({ ask, send: (reason) => runSave(() => create(reason)) });
          return;
        }
        await create();
      } else {
        const payload = buildUpdatePayload(initialValues, values, parties);
        if (!payload || !orderUuid) return;
        const update = (debtorOverride?: string) =>
          sendOrAsk(async (extra) => {
            await updateOrder.mutateAsync({
              uuid: orderUuid,
              payload: { ...payload, ...extra, ...(debtorOverride ? { debtorOverride } : {}) },
            });
            onSaved();
          });
        // Another customer: asked about as on create.
        const customerUuid = values.customer?.uuid;
        const ask = customerUuid !== initialValues.customer?.uuid ? await checkDebtor(customerUuid) : null;
        if (ask) {
          setDebtor({ ask, send: (reason) => runSave(() => update(reason)) });
          return;
        }
        await update();
      }
    });

  const sendError = form.errors.sendMailToCustomer ?? form.errors.sendMailToCarrier;

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save(NO_PARTIES);
      }}
      noValidate
      aria-label={mode === 'edit' ? t.editTitle : t.createTitle}
    >
      <Stack gap="md">
        <OrderRouteSection form={form} />
        <OrderCargoSection form={form} />
        <PartiesSection form={form} />
        <DriverAndNotesSection form={form} />
        <StatusSection form={form} ownerOptions={ownerOptions} />
      </Stack>
      <Group justify="space-between" align="flex-end" mt="xl" wrap="wrap" gap="sm">
        {mode === 'create' ? (
          <Stack gap={4}>
            <Group gap="md">
              <Checkbox
                label={s.sendToCustomer}
                checked={sendTo.customer}
                onChange={(e) => setSendTo({ ...sendTo, customer: e.currentTarget.checked })}
              />
              <Checkbox
                label={s.sendToCarrier}
                checked={sendTo.carrier}
                onChange={(e) => setSendTo({ ...sendTo, carrier: e.currentTarget.checked })}
              />
            </Group>
            {sendError && (
              <Input.Error component="div" role="alert">
                {sendError}
              </Input.Error>
            )}
          </Stack>
        ) : (
          <span />
        )}
        <Group gap="sm">
          <Button variant="default" onClick={onCancel} disabled={saving}>
            {t.cancel}
          </Button>
          {mode === 'create' ? (
            <Button
              variant="light"
              onClick={() => {
                // Never a silently disabled button: say what is missing under the checkboxes.
                if (!sendTo.customer && !sendTo.carrier) form.setFieldError('sendMailToCustomer', s.chooseRecipient);
                else void save(sendTo);
              }}
              disabled={saving}
            >
              {s.saveAndSend}
            </Button>
          ) : (
            <Menu position="top-end" withinPortal>
              <Menu.Target>
                <Button variant="light" disabled={saving} rightSection={<IconChevronDown size={14} />}>
                  {s.saveAndMark}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => void save({ customer: true, carrier: false })}>{s.markCustomer}</Menu.Item>
                <Menu.Item onClick={() => void save({ customer: false, carrier: true })}>{s.markCarrier}</Menu.Item>
                <Menu.Item onClick={() => void save({ customer: true, carrier: true })}>{s.markBoth}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
          <Button type="submit" loading={saving} disabled={saving}>
            {t.save}
          </Button>
        </Group>
      </Group>
      <DebtorConfirmDialog
        ask={debtor?.ask ?? null}
        onConfirm={async (reason) => {
          const send = debtor?.send;
          // Closed first: a refusal (the 422 naming the invoices) shows on the form.
          setDebtor(null);
          await send?.(reason);
        }}
        onCancel={() => setDebtor(null)}
      />
      <WhitelistOverrideDialog
        kind={override?.kind ?? 'carrier'}
        opened={override !== null}
        message={override?.message}
        onConfirm={async (reason) => {
          const asked = override;
          await asked?.send(reason);
          // Closed unless the save, sent again, asked the next confirmation.
          setOverride((current) => (current === asked ? null : current));
        }}
        onCancel={() => setOverride(null)}
      />
    </form>
  );
}
