import {
  Alert,
  Badge,
  Box,
  Button,
  Container,
  FileButton,
  Group,
  List,
  Loader,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { formatInstant, formatWallClock } from '@spedycja/domain';
import { type FormEvent, Fragment, useCallback, useEffect, useState } from 'react';
import { type CarrierTexts, carrierTexts } from '../messages.ts';
import { type PortalError, type PortalView, portalApi, tokenFromPath } from './portalApi.ts';

/** Now as the local wall clock, for a datetime-local field: 'YYYY-MM-DDTHH:mm'. */
function localNow(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md">
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

/**
 * The carrier's page (/p/{token}): the transport order as its document shows it, and what the carrier does with it —
 * accept or decline, driver and vehicle, 'Załadowano' / 'Rozładowano', documents and the KSeF invoice. Made for a
 * phone; Polish, or English for a carrier whose language is not Polish.
 */
export function CarrierPortalPage() {
  const token = tokenFromPath(window.location.pathname);
  const [view, setView] = useState<PortalView | null>(null);
  const [failure, setFailure] = useState<PortalError | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const t: CarrierTexts = carrierTexts[view?.language ?? 'pl'];

  useEffect(() => {
    portalApi.get(token).then(setView, (error: unknown) => setFailure(error as PortalError));
  }, [token]);

  const act = useCallback(
    async (name: string, work: () => Promise<PortalView | null>, done?: string) => {
      setBusy(name);
      setNotice(null);
      try {
        const next = await work();
        setView(next ?? (await portalApi.get(token)));
        if (done) setNotice({ ok: true, text: done });
      } catch (error) {
        const e = error as PortalError;
        if (e.status === 404) setFailure(e);
        else setNotice({ ok: false, text: e.detail ?? t.loadError });
      } finally {
        setBusy(null);
      }
    },
    [token, t],
  );

  if (failure?.status === 404 || (!view && failure)) {
    return (
      <Container size="xs" py="xl">
        <Alert color="red" title={carrierTexts.pl.invalidTitle} role="alert">
          <Text>{failure.status === 404 ? carrierTexts.pl.invalid : carrierTexts.pl.loadError}</Text>
          {failure.phone && (
            <Text mt="sm">
              {carrierTexts.pl.phone}{' '}
              <a href={`tel:${failure.phone.replace(/\s/g, '')}`}>
                <strong>{failure.phone}</strong>
              </a>
            </Text>
          )}
        </Alert>
      </Container>
    );
  }
  if (!view) {
    return (
      <Group justify="center" py="xl">
        <Loader size="sm" />
        <Text>{t.loading}</Text>
      </Group>
    );
  }
  const s = view.state;
  const answered = Boolean(s.acceptedAt || s.declinedAt);

  return (
    <Box bg="var(--mantine-color-gray-0)" mih="100vh">
      <Container size="sm" px="xs" py="md">
        <Stack gap="md">
          <Title order={1} size="h3">
            {view.document.title}
          </Title>
          {view.brokerage.phone && (
            <Text size="sm" c="dimmed">
              {view.brokerage.name} ·{' '}
              <a href={`tel:${view.brokerage.phone.replace(/\s/g, '')}`}>{view.brokerage.phone}</a>
            </Text>
          )}
          {notice && (
            <Alert color={notice.ok ? 'green' : 'red'} role={notice.ok ? 'status' : 'alert'}>
              {notice.text}
            </Alert>
          )}

          {!answered && <AcceptDecline t={t} busy={busy} act={act} token={token} />}
          {s.acceptedAt && (
            <Badge color="green" size="lg" variant="light">
              {t.accepted} · {formatInstant(s.acceptedAt)}
            </Badge>
          )}
          {s.declinedAt && <Alert color="orange">{t.declined(s.declineReason ?? '')}</Alert>}

          {[...view.document.parties, ...view.document.sections].map((section) => (
            <Section key={section.heading} title={section.heading}>
              {/* A description list, not Mantine's Table: that one brings its scroll area's positioning code (15 kB). */}
              <Box component="dl" m={0} style={{ display: 'grid', gridTemplateColumns: '40% 1fr', gap: '4px 12px' }}>
                {section.rows.map(([label, value]) => (
                  <Fragment key={label}>
                    <Text component="dt" size="sm" fw={500} c="dimmed">
                      {label}
                    </Text>
                    <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
                      {value}
                    </Text>
                  </Fragment>
                ))}
              </Box>
            </Section>
          ))}
          {view.document.notes && <Section title="Uwagi">{view.document.notes}</Section>}
          {view.document.terms.length > 0 && (
            <Section title="Warunki">
              <List size="sm" spacing={4}>
                {view.document.terms.map((term) => (
                  <List.Item key={term}>{term}</List.Item>
                ))}
              </List>
            </Section>
          )}

          {s.acceptedAt && !s.declinedAt && (
            <>
              <VehicleForm t={t} view={view} busy={busy} act={act} token={token} />
              <Progress t={t} view={view} busy={busy} act={act} token={token} />
              <Documents t={t} view={view} busy={busy} act={act} token={token} />
              <Invoice t={t} busy={busy} act={act} token={token} />
            </>
          )}
        </Stack>
      </Container>
    </Box>
  );
}

type ActProps = {
  t: CarrierTexts;
  busy: string | null;
  token: string;
  act: (name: string, work: () => Promise<PortalView | null>, done?: string) => Promise<void>;
};

function AcceptDecline({ t, busy, act, token }: ActProps) {
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        <Group grow>
          <Button
            size="md"
            color="green"
            loading={busy === 'accept'}
            onClick={() => act('accept', () => portalApi.accept(token))}
          >
            {t.accept}
          </Button>
          <Button size="md" variant="default" onClick={() => setDeclining(true)}>
            {t.decline}
          </Button>
        </Group>
        {declining && (
          <form
            onSubmit={(e: FormEvent) => {
              e.preventDefault();
              void act('decline', () => portalApi.decline(token, reason));
            }}
          >
            <Stack>
              <Textarea
                label={t.declineReason}
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                required
                autosize
                minRows={2}
              />
              <Button type="submit" color="red" loading={busy === 'decline'}>
                {t.declineConfirm}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

function VehicleForm({ t, view, busy, act, token }: ActProps & { view: PortalView }) {
  const v = view.vehicle;
  const [fields, setFields] = useState({
    driverName: v.driverName ?? '',
    driverPhone: v.driverPhone ?? '',
    truckPlate: v.truckPlate ?? '',
    trailerPlate: v.trailerPlate ?? '',
    note: v.note ?? '',
  });
  const locked = Boolean(view.state.loadedAt || view.loadingFinished);
  const field = (name: keyof typeof fields, label: string, required = false) => (
    <TextInput
      label={label}
      value={fields[name]}
      required={required}
      disabled={locked}
      onChange={(e) => setFields({ ...fields, [name]: e.currentTarget.value })}
      autoComplete="off"
    />
  );
  return (
    <Section title={t.vehicleTitle}>
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void act('vehicle', () => portalApi.vehicle(token, fields), t.vehicleSaved);
        }}
      >
        <Stack gap="xs">
          {field('driverName', t.driverName, true)}
          {field('driverPhone', t.driverPhone, true)}
          {field('truckPlate', t.truckPlate, true)}
          {field('trailerPlate', t.trailerPlate)}
          <Textarea
            label={t.note}
            value={fields.note}
            disabled={locked}
            onChange={(e) => setFields({ ...fields, note: e.currentTarget.value })}
            autosize
          />
          {locked ? (
            <Text size="sm" c="dimmed">
              {t.vehicleLocked}
            </Text>
          ) : (
            <Button type="submit" loading={busy === 'vehicle'}>
              {t.saveVehicle}
            </Button>
          )}
        </Stack>
      </form>
    </Section>
  );
}

function Progress({ t, view, busy, act, token }: ActProps & { view: PortalView }) {
  const [at, setAt] = useState(localNow);
  const s = view.state;
  const report = (type: 'loaded' | 'unloaded') => act(type, () => portalApi.event(token, type, at.replace('T', ' ')));
  return (
    <Section title={t.progressTitle}>
      <Stack gap="xs">
        {s.loadedAt && <Text>{t.loadedAt(formatWallClock(s.loadedAt))}</Text>}
        {s.unloadedAt && <Text>{t.unloadedAt(formatWallClock(s.unloadedAt))}</Text>}
        {!s.unloadedAt && (
          <>
            <TextInput type="datetime-local" label={t.time} value={at} onChange={(e) => setAt(e.currentTarget.value)} />
            {s.loadedAt || view.loadingFinished ? (
              <Button size="md" loading={busy === 'unloaded'} onClick={() => report('unloaded')}>
                {t.unloaded}
              </Button>
            ) : (
              <Button size="md" loading={busy === 'loaded'} onClick={() => report('loaded')}>
                {t.loaded}
              </Button>
            )}
          </>
        )}
      </Stack>
    </Section>
  );
}

function Documents({ t, view, busy, act, token }: ActProps & { view: PortalView }) {
  const [kind, setKind] = useState<'cmr' | 'invoice' | 'other'>('cmr');
  return (
    <Section title={t.documentsTitle}>
      <Stack gap="xs">
        <SegmentedControl
          aria-label={t.kind}
          value={kind}
          onChange={(value) => setKind(value as typeof kind)}
          data={(['cmr', 'invoice', 'other'] as const).map((k) => ({ value: k, label: t.kinds[k] }))}
          fullWidth
        />
        <FileButton
          accept="application/pdf,image/jpeg,image/png,image/heic,.heic"
          onChange={(file) => {
            if (!file) return;
            void act(
              'upload',
              async () => {
                await portalApi.upload(token, kind, file);
                return null;
              },
              t.uploaded,
            );
          }}
        >
          {(props) => (
            <Button {...props} size="md" variant="light" loading={busy === 'upload'}>
              {t.chooseFile}
            </Button>
          )}
        </FileButton>
        <Text size="xs" c="dimmed">
          {t.fileHint}
        </Text>
        {view.documents.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t.noDocuments}
          </Text>
        ) : (
          <List size="sm" spacing={4} aria-label={t.documentsTitle}>
            {view.documents.map((d) => (
              <List.Item key={d.uuid}>
                {t.kinds[d.kind]}: {d.fileName} ({formatInstant(d.addedAt)})
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Section>
  );
}

function Invoice({ t, busy, act, token }: ActProps) {
  const [number, setNumber] = useState('');
  return (
    <Section title={t.invoiceTitle}>
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          void act('invoice', () => portalApi.invoice(token, number.trim()), t.ksefDone);
        }}
      >
        <Stack gap="xs">
          <TextInput
            label={t.ksefNumber}
            value={number}
            onChange={(e) => setNumber(e.currentTarget.value)}
            placeholder="5265877635-20260101-0100001AF629-AF"
          />
          <Button type="submit" variant="light" loading={busy === 'invoice'}>
            {t.sendKsef}
          </Button>
        </Stack>
      </form>
    </Section>
  );
}
