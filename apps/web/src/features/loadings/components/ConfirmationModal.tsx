import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  dayOf,
  formatWallClockMoment,
  type LoadingConfirmationResult,
  loadingConfirmationSchema,
  type Order,
  portalMessages,
  routeLabel,
  type UnloadingConfirmationResult,
  unloadingConfirmationSchema,
  wallClockOf,
} from '@spedycja/domain';
import { DateInput, WallClockInput } from '../../../components/dates.tsx';
import { FormActions } from '../../../components/FormActions.tsx';
import { RecordModal } from '../../../components/RecordModal.tsx';
import { onValidationFailure, parseWith, useSaveSubmit, zodValidate } from '../../../lib/forms.ts';
import { useOrderDetail } from '../../orders/index.ts';
import { usePortalLink } from '../../portal/index.ts';
import { useRatingFields } from '../../ratings/RatingFields.tsx';
import { useConfirmLoading, useConfirmUnloading } from '../api/confirmations.ts';
import { loadingsMessages as t } from '../messages.ts';

export type ConfirmationSide = 'loading' | 'unloading';

export type ConfirmationModalProps = {
  opened: boolean;
  side: ConfirmationSide;
  orderUuid: string | null;
  onClose: () => void;
  /** 'Podgląd zlecenia': the order modal over this one. */
  onPreview: (orderUuid: string) => void;
  /** Saved; the answer says whether to ask for an invoice. */
  onConfirmed: (result: { side: ConfirmationSide; order: Order; ask: boolean }) => void;
};

/**
 * The loading or the unloading confirmation (SPEC §2): what the driver reported, saved in one request; the server
 * sets the order's status and says whether to ask for the ProForma (loading) or the VAT invoice (unloading).
 */
export function ConfirmationModal({
  opened,
  side,
  orderUuid,
  onClose,
  onPreview,
  onConfirmed,
}: ConfirmationModalProps) {
  const order = useOrderDetail(opened ? orderUuid : null);
  return (
    <RecordModal
      opened={opened}
      onClose={onClose}
      title={side === 'loading' ? t.loadingTitle : t.unloadingTitle}
      size={600}
      loading={!order.data}
      loadFailed={order.isError}
    >
      {order.data &&
        (side === 'loading' ? (
          <LoadingForm
            key={`loading-${order.data.uuid}`}
            order={order.data}
            onCancel={onClose}
            onPreview={onPreview}
            onConfirmed={(result) => onConfirmed({ side, order: result, ask: result.askProForma })}
          />
        ) : (
          <UnloadingForm
            key={`unloading-${order.data.uuid}`}
            order={order.data}
            onCancel={onClose}
            onPreview={onPreview}
            onConfirmed={(result) => onConfirmed({ side, order: result, ask: result.askVat })}
          />
        ))}
    </RecordModal>
  );
}

function OrderHeader({ order, onPreview }: { order: Order; onPreview: (uuid: string) => void }) {
  return (
    // The texts wrap and the button keeps its width: beside a long route or names it was cut ('Podgląd zlec', issue 34).
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={0} miw={0} style={{ flex: 1 }}>
        <Text fw={600}>{`Zlecenie ${order.number}`}</Text>
        <Text size="sm" c="dimmed">
          {routeLabel(order)}
        </Text>
        <Text size="sm" c="dimmed">
          {[order.customer?.companyName, order.carrier?.companyName].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
      <Button variant="light" size="xs" style={{ flexShrink: 0 }} onClick={() => onPreview(order.uuid)}>
        {t.preview}
      </Button>
    </Group>
  );
}

/**
 * The carrier's 'Załadowano' / 'Rozładowano' from its link, not yet confirmed here: its time, marked 'zgłoszone przez
 * przewoźnika', and one click that confirms it through this same form's request (and its ProForma/VAT question).
 */
function CarrierReport({
  side,
  reportedAt,
  saving,
  onConfirm,
}: {
  side: ConfirmationSide;
  reportedAt: string;
  saving: boolean;
  onConfirm: () => void;
}) {
  const at = formatWallClockMoment(reportedAt);
  return (
    <Alert color="blue" variant="light" title={t.carrierReport[side](at)}>
      <Group justify="space-between" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {portalMessages.reportedByCarrier}
        </Text>
        <Button size="xs" loading={saving} onClick={onConfirm}>
          {t.carrierReport.confirm}
        </Button>
      </Group>
    </Alert>
  );
}

/** The time the carrier reported this side through its link, while the office has not confirmed it yet. */
function useCarrierReport(order: Order, side: ConfirmationSide): string | null {
  const finished = side === 'loading' ? order.loadingFinished : order.unloadingFinished;
  const link = usePortalLink(order.uuid, !finished);
  const at = side === 'loading' ? link.data?.loadedAt : link.data?.unloadedAt;
  return !finished && at ? at : null;
}

type FormProps<R> = {
  order: Order;
  onCancel: () => void;
  onPreview: (uuid: string) => void;
  onConfirmed: (result: R) => void;
};

function LoadingForm({ order, onCancel, onPreview, onConfirmed }: FormProps<LoadingConfirmationResult>) {
  const confirm = useConfirmLoading();
  const form = useForm({
    initialValues: {
      loadingFinished: order.loadingFinished,
      loadingDate: wallClockOf(order.loadingDate),
      driverName: order.driverName ?? '',
      truck: order.truck ?? '',
      trailer: order.trailer ?? '',
    },
    validate: zodValidate(loadingConfirmationSchema),
  });
  const runSave = useSaveSubmit(form);
  const save = (values: typeof form.values) =>
    runSave(async () => {
      const payload = parseWith(loadingConfirmationSchema, values);
      if (!payload) return;
      onConfirmed(await confirm.mutateAsync({ uuid: order.uuid, payload }));
    });
  const handleSubmit = form.onSubmit(save, onValidationFailure);
  const reportedAt = useCarrierReport(order, 'loading');
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t.loadingTitle}>
      <Stack gap="md">
        <OrderHeader order={order} onPreview={onPreview} />
        {reportedAt && (
          <CarrierReport
            side="loading"
            reportedAt={reportedAt}
            saving={confirm.isPending}
            onConfirm={() => save({ ...form.values, loadingFinished: true, loadingDate: wallClockOf(reportedAt) })}
          />
        )}
        <Checkbox label={t.loadingFinished} {...form.getInputProps('loadingFinished', { type: 'checkbox' })} />
        <WallClockInput
          label={t.loadingDate}
          timeLabel={t.timeLabels.loading}
          value={form.values.loadingDate}
          onChange={(value) => form.setFieldValue('loadingDate', value)}
          error={form.errors.loadingDate}
        />
        <TextInput label={t.driverName} {...form.getInputProps('driverName')} />
        <SimpleGrid cols={2}>
          <TextInput label={t.truck} {...form.getInputProps('truck')} />
          <TextInput label={t.trailer} {...form.getInputProps('trailer')} />
        </SimpleGrid>
        <FormActions saving={confirm.isPending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}

function UnloadingForm({ order, onCancel, onPreview, onConfirmed }: FormProps<UnloadingConfirmationResult>) {
  const confirm = useConfirmUnloading();
  // Issue 39: the carrier's rating, asked with the unloading; optional, saved after the confirmation.
  const rating = useRatingFields(order.uuid, order.carrier !== null);
  const form = useForm({
    initialValues: {
      unloadingFinished: order.unloadingFinished,
      customerPaid: order.customerPaid,
      customerDateOfPayment: dayOf(order.customerDateOfPayment),
      unloadingDate: wallClockOf(order.unloadingDate),
    },
    validate: zodValidate(unloadingConfirmationSchema),
  });
  const runSave = useSaveSubmit(form);
  const save = (values: typeof form.values) =>
    runSave(async () => {
      const payload = parseWith(unloadingConfirmationSchema, values);
      if (!payload) return;
      const result = await confirm.mutateAsync({ uuid: order.uuid, payload });
      if (result.unloadingFinished) await rating.save();
      onConfirmed(result);
    });
  const handleSubmit = form.onSubmit(save, onValidationFailure);
  const reportedAt = useCarrierReport(order, 'unloading');
  return (
    <form onSubmit={handleSubmit} noValidate aria-label={t.unloadingTitle}>
      <Stack gap="md">
        <OrderHeader order={order} onPreview={onPreview} />
        {reportedAt && (
          <CarrierReport
            side="unloading"
            reportedAt={reportedAt}
            saving={confirm.isPending}
            onConfirm={() => save({ ...form.values, unloadingFinished: true, unloadingDate: wallClockOf(reportedAt) })}
          />
        )}
        <Checkbox label={t.unloadingFinished} {...form.getInputProps('unloadingFinished', { type: 'checkbox' })} />
        <WallClockInput
          label={t.unloadingDate}
          timeLabel={t.timeLabels.unloading}
          value={form.values.unloadingDate}
          onChange={(value) => form.setFieldValue('unloadingDate', value)}
          error={form.errors.unloadingDate}
        />
        <Checkbox label={t.customerPaid} {...form.getInputProps('customerPaid', { type: 'checkbox' })} />
        <DateInput label={t.customerDateOfPayment} {...form.getInputProps('customerDateOfPayment')} />
        {rating.fields}
        <FormActions saving={confirm.isPending} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
