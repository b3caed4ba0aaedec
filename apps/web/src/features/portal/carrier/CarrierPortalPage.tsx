import {
  Alert,
  Badge,
  Box,
  Button,
  Container,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { formatInstant, formatWallClockMoment } from '@spedycja/domain';
import { type FormEvent, Fragment, lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { type CarrierTexts, carrierTexts } from '../messages.ts';
import { type PortalError, type PortalView, portalApi, tokenFromPath } from './portalApi.ts';
import { type ActProps, type Notice, NoticeFor, READABLE, Section, TAP } from './portalParts.tsx';

/** Now as the local wall clock, for a datetime-local field: 'YYYY-MM-DDTHH:mm'. */
function localNow(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** Issue 39: location sharing in a chunk of its own, loaded once the order is accepted (the page's 100 kB budget). */
const LocationSharing = lazy(() => import('./LocationSharing.tsx'));
/** The documents' upload (its segmented control and file button) too: shown only once the order is accepted. */
const Documents = lazy(() => import('./PortalDocuments.tsx'));

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
  const [notice, setNotice] = useState<Notice | null>(null);
  // Set by 'Przyjmuję zlecenie': the driver's form, far below the terms, then takes the focus.
  const [justAccepted, setJustAccepted] = useState(false);
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
        if (done) setNotice({ ok: true, text: done, at: name });
      } catch (error) {
        const e = error as PortalError;
        if (e.status === 404) setFailure(e);
        else setNotice({ ok: false, text: e.detail ?? t.loadError, at: name });
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
  const props = { t, busy, act, token, notice };

  return (
    <Box bg="var(--mantine-color-gray-0)" mih="100vh" style={READABLE}>
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
          {!answered && (
            <AcceptDecline
              t={t}
              busy={busy}
              act={act}
              token={token}
              notice={notice}
              onAccepted={() => setJustAccepted(true)}
            />
          )}
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
              {/* The terms carry their own numbers ('1. …'), as on the PDF: no bullet beside them. */}
              <List size="sm" spacing={4} listStyleType="none">
                {view.document.terms.map((term) => (
                  <List.Item key={term}>{term}</List.Item>
                ))}
              </List>
            </Section>
          )}

          {s.acceptedAt && !s.declinedAt && (
            <>
              <VehicleForm {...props} view={view} focus={justAccepted} />
              <Progress {...props} view={view} />
              <Suspense fallback={null}>
                <LocationSharing token={token} language={view.language} unloaded={Boolean(s.unloadedAt)} />
              </Suspense>
              <Suspense fallback={null}>
                <Documents {...props} view={view} />
              </Suspense>
              <Invoice {...props} />
            </>
          )}
        </Stack>
      </Container>
    </Box>
  );
}

function AcceptDecline({ t, busy, act, token, notice, onAccepted }: ActProps & { onAccepted: () => void }) {
  const [declining, setDeclining] = useState(false);
  const [reason, setReason] = useState('');
  return (
    <Paper withBorder p="md" radius="md">
      <Stack>
        {/* One above the other: side by side on a phone, 'Przyjmuję zlecenie' lost its end. */}
        <Button
          {...TAP}
          size="md"
          color="green"
          loading={busy === 'accept'}
          onClick={() =>
            act('accept', async () => {
              const next = await portalApi.accept(token);
              onAccepted();
              return next;
            })
          }
        >
          {t.accept}
        </Button>
        <Button {...TAP} size="md" variant="default" onClick={() => setDeclining(true)}>
          {t.decline}
        </Button>
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
              <Button {...TAP} type="submit" color="red" loading={busy === 'decline'}>
                {t.declineConfirm}
              </Button>
            </Stack>
          </form>
        )}
        <NoticeFor notice={notice} name={['accept', 'decline']} />
      </Stack>
    </Paper>
  );
}

type VehicleFields = Record<'driverName' | 'driverPhone' | 'truckPlate' | 'trailerPlate' | 'note', string>;

function VehicleForm({ t, view, busy, act, token, notice, focus }: ActProps & { view: PortalView; focus: boolean }) {
  const v = view.vehicle;
  // Uncontrolled (issue 35): a key on the phone changes its field only; the values are read from the form on save.
  const [initial] = useState<VehicleFields>(() => ({
    driverName: v.driverName ?? '',
    driverPhone: v.driverPhone ?? '',
    truckPlate: v.truckPlate ?? '',
    trailerPlate: v.trailerPlate ?? '',
    note: v.note ?? '',
  }));
  const first = useRef<HTMLInputElement>(null);
  // Just accepted: the form is what comes next, so it comes into view with its first field ready to type in.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form appears after the acceptance
  useEffect(() => {
    if (!focus || !first.current) return;
    first.current.closest('section')?.scrollIntoView({ block: 'start' });
    first.current.focus({ preventScroll: true });
  }, []);
  const locked = Boolean(view.state.loadedAt || view.loadingFinished);
  // Read-only rather than disabled once locked: a disabled field is drawn faded (2:1), these values must stay legible.
  const lockedLook = locked ? ({ readOnly: true, variant: 'filled' } as const) : {};
  const field = (name: keyof VehicleFields, label: string, required = false) => (
    <TextInput
      ref={name === 'driverName' ? first : undefined}
      name={name}
      label={label}
      defaultValue={initial[name]}
      required={required}
      {...lockedLook}
      autoComplete="off"
    />
  );
  return (
    <Section title={t.vehicleTitle}>
      <form
        onSubmit={(e: FormEvent<HTMLFormElement>) => {
          e.preventDefault();
          // The form's only named fields are the five text fields: their values, as typed.
          const fields = Object.fromEntries(new FormData(e.currentTarget)) as VehicleFields;
          void act('vehicle', () => portalApi.vehicle(token, fields), t.vehicleSaved);
        }}
      >
        <Stack gap="xs">
          {field('driverName', t.driverName, true)}
          {field('driverPhone', t.driverPhone, true)}
          {field('truckPlate', t.truckPlate, true)}
          {field('trailerPlate', t.trailerPlate)}
          <Textarea name="note" label={t.note} defaultValue={initial.note} {...lockedLook} autosize />
          {locked ? (
            <Text size="sm" c="dimmed">
              {t.vehicleLocked}
            </Text>
          ) : (
            <Button {...TAP} type="submit" loading={busy === 'vehicle'}>
              {t.saveVehicle}
            </Button>
          )}
          <NoticeFor notice={notice} name="vehicle" />
        </Stack>
      </form>
    </Section>
  );
}

function Progress({ t, view, busy, act, token, notice }: ActProps & { view: PortalView }) {
  // null: 'teraz', the moment of the tap. A time fixed when the page opened went stale while the page stayed open
  // from the loading to the unloading (issue 34). Focusing the field offers now to change; left unchanged, it is
  // 'teraz' again.
  const [at, setAt] = useState<{ value: string; edited: boolean } | null>(null);
  const s = view.state;
  // The phone's clock at the tap (what the driver sees), unless the carrier gave another time.
  const report = (type: 'loaded' | 'unloaded') =>
    act(type, () => portalApi.event(token, type, (at?.value || localNow()).replace('T', ' ')));
  return (
    <Section title={t.progressTitle}>
      <Stack gap="xs">
        {s.loadedAt && <Text>{t.loadedAt(formatWallClockMoment(s.loadedAt))}</Text>}
        {s.unloadedAt && <Text>{t.unloadedAt(formatWallClockMoment(s.unloadedAt))}</Text>}
        {!s.unloadedAt && (
          <>
            {at ? (
              <TextInput
                type="datetime-local"
                label={t.time}
                value={at.value}
                autoFocus
                onChange={(e) => setAt({ value: e.currentTarget.value, edited: true })}
                onBlur={() => {
                  if (!at.edited || !at.value) setAt(null);
                }}
              />
            ) : (
              <TextInput
                label={t.time}
                value={t.now}
                readOnly
                onFocus={() => setAt({ value: localNow(), edited: false })}
              />
            )}
            {s.loadedAt || view.loadingFinished ? (
              <Button {...TAP} size="md" loading={busy === 'unloaded'} onClick={() => report('unloaded')}>
                {t.unloaded}
              </Button>
            ) : (
              <Button {...TAP} size="md" loading={busy === 'loaded'} onClick={() => report('loaded')}>
                {t.loaded}
              </Button>
            )}
          </>
        )}
        <NoticeFor notice={notice} name={['loaded', 'unloaded']} />
      </Stack>
    </Section>
  );
}

/** What a browser shows by itself; the server sends a HEIC photo's preview as a JPEG. */
function Invoice({ t, busy, act, token, notice }: ActProps) {
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
          <Button {...TAP} type="submit" variant="light" loading={busy === 'invoice'}>
            {t.sendKsef}
          </Button>
          <NoticeFor notice={notice} name="invoice" />
        </Stack>
      </form>
    </Section>
  );
}
