import {
  Alert,
  Badge,
  Button,
  CopyButton,
  Group,
  Image,
  Paper,
  SegmentedControl,
  Stack,
  Table,
  Text,
  TextInput,
  Timeline,
} from '@mantine/core';
import {
  customerWindowMessages,
  type DocumentKind,
  formatDateTime,
  formatWallClockMoment,
  portalMessages,
} from '@spedycja/domain';
import { type DragEvent, useEffect, useRef, useState } from 'react';
import { AppModal } from '../../../components/AppModal.tsx';
import { saveFile } from '../../../lib/download.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useAuth } from '../../auth/useAuth.ts';
import { VisibleToCustomer } from '../../customerWindow/index.ts';
import { PortalInvoiceConfirm } from '../../payables/index.ts';
import { officeTexts as t } from '../messages.ts';
import {
  fetchDocument,
  fetchPreviewLink,
  type OrderDocument,
  type PortalLinkState,
  useOrderDocuments,
  usePortalLink,
  useRemoveDocument,
  useRevokeLink,
  useUploadDocument,
} from './api.ts';
import { useMarkPortalSeen } from './PortalBadge.tsx';

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB` : `${Math.ceil(bytes / 1024)} kB`;

/**
 * When an event happened: a loading or unloading report at the time the carrier reported (what the badge, the
 * confirmation and the confirmed order show), not when it reached us; anything else when it was recorded.
 */
const eventTime = (e: PortalLinkState['events'][number]) =>
  (e.type === 'loaded' || e.type === 'unloaded') && typeof e.detail.at === 'string'
    ? formatWallClockMoment(e.detail.at)
    : formatDateTime(e.at);

/** 'Przewoźnik — link': the link (copy, revoke), the carrier's answers and the timeline of what happened. */
export function PortalLinkPanel({ orderUuid }: { orderUuid: string }) {
  const link = usePortalLink(orderUuid);
  const markSeen = useMarkPortalSeen();
  // Seen once this tab shows the timeline.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per order
  useEffect(() => {
    markSeen.mutate(orderUuid);
  }, [orderUuid]);
  const revoke = useRevokeLink(orderUuid);
  const [asking, setAsking] = useState(false);
  const s = link.data;
  if (!s) return <Text c="dimmed">{link.isError ? t.loadError : '…'}</Text>;
  if (!s.sentAt && s.events.length === 0) return <Text c="dimmed">{t.notSent}</Text>;
  return (
    <Stack gap="sm">
      {s.url ? (
        <Group gap="xs" wrap="nowrap">
          <TextInput aria-label={t.linkActive} value={s.url} readOnly style={{ flex: 1 }} />
          <CopyButton value={s.url}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? t.copied : t.copy}
              </Button>
            )}
          </CopyButton>
          <Button color="red" variant="subtle" onClick={() => setAsking(true)}>
            {t.revoke}
          </Button>
        </Group>
      ) : (
        <Alert color="gray">{t.linkRevoked}</Alert>
      )}
      {asking && (
        <Alert color="red" title={t.revoke}>
          <Text size="sm">{t.revokeConfirm}</Text>
          <Group mt="xs">
            <Button
              color="red"
              loading={revoke.isPending}
              onClick={() =>
                revoke.mutate(undefined, {
                  onSuccess: () => setAsking(false),
                  onError: (error) => notifyError(t.revokeAction, error),
                })
              }
            >
              {t.revoke}
            </Button>
            <Button variant="default" onClick={() => setAsking(false)}>
              Anuluj
            </Button>
          </Group>
        </Alert>
      )}
      <Group gap="xs">
        {s.acceptedAt ? (
          <Badge color="green">{`${t.acceptedAt} ${formatDateTime(s.acceptedAt)}`}</Badge>
        ) : s.declinedAt ? (
          <Badge color="red">{`${t.declinedAt}: ${s.declineReason ?? ''}`}</Badge>
        ) : (
          <Badge color="gray">{t.notAnswered}</Badge>
        )}
        {s.loadedAt && <Badge color="blue">{`${t.loadedReported}: ${formatWallClockMoment(s.loadedAt)}`}</Badge>}
        {s.unloadedAt && <Badge color="blue">{`${t.unloadedReported}: ${formatWallClockMoment(s.unloadedAt)}`}</Badge>}
      </Group>
      <Text fw={600} size="sm">
        {t.timeline}
      </Text>
      <Timeline bulletSize={12} lineWidth={2} active={s.events.length}>
        {s.events.map((e) => (
          <Timeline.Item key={e.id} title={portalMessages.eventTypes[e.type]}>
            <Text size="xs" c="dimmed">
              {eventTime(e)} · {e.actor === 'carrier' ? t.carrier : (e.user ?? '')}
            </Text>
            {typeof e.detail.summary === 'string' && <Text size="sm">{e.detail.summary}</Text>}
            {typeof e.detail.reason === 'string' && e.type === 'documentDeleted' && (
              <Text size="sm">{`${e.detail.fileName ?? ''}: ${e.detail.reason}`}</Text>
            )}
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}

/** 'Dokumenty': every file with preview, download, who and when; drop files to add; delete one's own with a reason. */
export function OrderDocumentsPanel({ orderUuid }: { orderUuid: string }) {
  const documents = useOrderDocuments(orderUuid);
  const upload = useUploadDocument(orderUuid);
  const remove = useRemoveDocument(orderUuid);
  const { user, isAdmin } = useAuth();
  const [kind, setKind] = useState<DocumentKind>('cmr');
  const [over, setOver] = useState(false);
  const [removing, setRemoving] = useState<OrderDocument | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [preview, setPreview] = useState<{ url: string; type: string; name: string } | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const send = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) {
      upload.mutate(
        { file, kind },
        {
          onSuccess: () => notifySuccess(t.uploaded),
          onError: (error) => notifyError(t.uploadAction(file.name), error),
        },
      );
    }
  };
  const download = async (doc: OrderDocument) => {
    try {
      saveFile((await fetchDocument(doc.uuid)).blob, doc.fileName);
    } catch (error) {
      notifyError(t.openAction(doc.fileName), error);
    }
  };
  // The viewer frames the file from our origin by a signed, short-lived address (the app's policy allows no blob:
  // frames or pictures); the file's own answer carries a policy that runs nothing.
  const showPreview = async (doc: OrderDocument) => {
    if (!/^(application\/pdf|image\/)/.test(doc.contentType)) return download(doc);
    try {
      const { url, contentType } = await fetchPreviewLink(doc.uuid);
      setPreview({ url, type: contentType, name: doc.fileName });
    } catch (error) {
      notifyError(t.previewAction(doc.fileName), error);
    }
  };

  return (
    <Stack gap="sm">
      <SegmentedControl
        aria-label={t.kind}
        value={kind}
        onChange={(v) => setKind(v as DocumentKind)}
        data={(['cmr', 'invoice', 'other'] as const).map((k) => ({ value: k, label: portalMessages.documentKinds[k] }))}
      />
      <Paper
        withBorder
        p="md"
        radius="md"
        role="button"
        tabIndex={0}
        aria-label={t.dropHere}
        bg={over ? 'var(--mantine-color-indigo-0)' : undefined}
        style={{ borderStyle: 'dashed', cursor: 'pointer', textAlign: 'center' }}
        onClick={() => input.current?.click()}
        onKeyDown={(e) => {
          if (e.key === 'Enter' || e.key === ' ') input.current?.click();
        }}
        onDragOver={(e: DragEvent) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={(e: DragEvent) => {
          e.preventDefault();
          setOver(false);
          send(e.dataTransfer.files);
        }}
      >
        <Text size="sm">{upload.isPending ? '…' : t.dropHere}</Text>
        <input
          ref={input}
          type="file"
          hidden
          multiple
          accept="application/pdf,image/jpeg,image/png,image/heic,.heic"
          data-testid="documents-input"
          onChange={(e) => {
            send(e.currentTarget.files);
            e.currentTarget.value = '';
          }}
        />
      </Paper>
      {documents.data && documents.data.length === 0 && <Text c="dimmed">{t.noDocuments}</Text>}
      {documents.data && documents.data.length > 0 && (
        <Table striped aria-label={t.tabDocuments}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t.kind}</Table.Th>
              <Table.Th>{t.fileName}</Table.Th>
              <Table.Th>{t.addedBy}</Table.Th>
              <Table.Th>{t.addedAt}</Table.Th>
              <Table.Th>{t.size}</Table.Th>
              <Table.Th>{customerWindowMessages.visibleToCustomer}</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {documents.data.map((d) => (
              <Table.Tr key={d.uuid}>
                <Table.Td>{portalMessages.documentKinds[d.kind]}</Table.Td>
                <Table.Td>{d.fileName}</Table.Td>
                <Table.Td>{d.source === 'carrier' ? t.carrier : (d.addedBy ?? '')}</Table.Td>
                <Table.Td>{formatDateTime(d.addedAt)}</Table.Td>
                <Table.Td>{sizeText(d.size)}</Table.Td>
                <Table.Td>
                  <VisibleToCustomer orderUuid={orderUuid} document={d} />
                </Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <Button size="compact-xs" variant="subtle" onClick={() => showPreview(d)}>
                      {t.preview}
                    </Button>
                    <Button size="compact-xs" variant="subtle" onClick={() => download(d)}>
                      {t.download}
                    </Button>
                    {isAdmin && d.kind === 'invoice' && d.source === 'carrier' && d.carrierInvoice === null && (
                      <PortalInvoiceConfirm document={d} />
                    )}
                    {d.source === 'staff' && d.addedBy === user?.name && (
                      <Button size="compact-xs" color="red" variant="subtle" onClick={() => setRemoving(d)}>
                        {t.remove}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {removing && (
        <Paper withBorder p="sm">
          <Stack gap="xs">
            <Text size="sm">{removing.fileName}</Text>
            <TextInput
              label={t.removeReason}
              value={reason}
              error={reasonError}
              onChange={(e) => {
                setReason(e.currentTarget.value);
                setReasonError(null);
              }}
            />
            <Group>
              <Button
                color="red"
                loading={remove.isPending}
                onClick={() => {
                  if (!reason.trim()) return setReasonError(t.reasonMissing);
                  remove.mutate(
                    { uuid: removing.uuid, reason },
                    {
                      onSuccess: () => {
                        notifySuccess(t.removed);
                        setRemoving(null);
                        setReason('');
                      },
                      onError: (error) => notifyError(t.removeAction, error),
                    },
                  );
                }}
              >
                {t.remove}
              </Button>
              <Button variant="default" onClick={() => setRemoving(null)}>
                Anuluj
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {/* An AppModal: one of the modal stack, so that Esc closes the preview and not the order under it too. */}
      <AppModal opened={!!preview} onClose={() => setPreview(null)} size="xl" title={preview?.name}>
        {preview?.type === 'application/pdf' ? (
          <iframe title={preview.name} src={preview.url} style={{ width: '100%', height: '75vh', border: 0 }} />
        ) : (
          preview && <Image src={preview.url} alt={preview.name} />
        )}
      </AppModal>
    </Stack>
  );
}
