import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  PasswordInput,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import {
  formatMoney,
  formatWallClockDay,
  customerWindowMessages as msg,
  panelTexts,
  type TrackLanguage,
  trackTexts,
} from '@spedycja/domain';
import { type FormEvent, lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { englishComponentTexts } from '../../../components/messagesEn.ts';
import { ComponentTextsProvider, polishComponentTexts } from '../../../components/texts.tsx';
import { configureApiClient, isApiError } from '../../../lib/apiClient.ts';
import { saveFile } from '../../../lib/download.ts';
import { session } from '../../../lib/session.ts';
import { TrackViewCard } from '../track/TrackView.tsx';
import type { TrackView } from '../track/trackApi.ts';
import { useLoad } from './useLoad.ts';
import '../track/track.css';
import { NewQueryForm } from './NewQueryForm.tsx';
import { type PanelBalance, type PanelInvoice, type PanelMe, type PanelQuery, panelApi } from './panelApi.ts';

/** The panel's places: /panel (orders), /panel/zapytania, /panel/faktury, /panel/nowe, /panel/zlecenia/{uuid}. */
type Place =
  | { tab: 'orders' | 'queries' | 'invoices' | 'new' }
  | { tab: 'order'; uuid: string }
  | { tab: 'invite'; token: string; lang: TrackLanguage };
const TAB_PATHS = { orders: '/panel', queries: '/panel/zapytania', invoices: '/panel/faktury', new: '/panel/nowe' };

export function placeOf(pathname: string, search = ''): Place {
  const invite = /^\/panel\/invite\/([^/]+)/.exec(pathname);
  if (invite) {
    // The invitation's mail gives an English-speaking customer's link `?lang=en` (there is no login to ask yet).
    const lang: TrackLanguage = new URLSearchParams(search).get('lang') === 'en' ? 'en' : 'pl';
    return { tab: 'invite', token: decodeURIComponent(invite[1] as string), lang };
  }
  const order = /^\/panel\/zlecenia\/([0-9a-f-]{36})/i.exec(pathname);
  if (order) return { tab: 'order', uuid: order[1] as string };
  for (const [tab, path] of Object.entries(TAB_PATHS)) {
    if (pathname === path) return { tab: tab as 'orders' };
  }
  return { tab: 'orders' };
}

const day = (value: string | null) => (value ? formatWallClockDay(value) : '—');
/** The panel's last language, so that the login it sends an English customer to after a logout is English too. */
const LANGUAGE_KEY = 'spedycja.panelLanguage';
const loginPath = (lang: TrackLanguage) => (lang === 'en' ? '/login?lang=en' : '/login');
const storedLanguage = (): TrackLanguage => (window.localStorage.getItem(LANGUAGE_KEY) === 'en' ? 'en' : 'pl');
const toLogin = () => window.location.assign(loginPath(storedLanguage()));

function Loading({ state, children }: { state: { data?: unknown; error?: string }; children: () => ReactNode }) {
  if (state.error) return <Alert color="red">{state.error}</Alert>;
  if (state.data === undefined) return <Loader size="sm" />;
  return <>{children()}</>;
}

/** A query's status in words (the domain's labels live beside zod's schemas, which the panel's first load leaves out). */
const QUERY_STATUS: Record<TrackLanguage, Record<string, string>> = {
  pl: { aktywne: 'Aktywne', nieaktywne: 'Nieaktywne', oczekujace: 'Oczekujące', zamienione: 'Przyjęte jako zlecenie' },
  en: { aktywne: 'Open', nieaktywne: 'Closed', oczekujace: 'Waiting', zamienione: 'Became an order' },
};

/** 'Zlecenia': the office list's FilterRow and DataTable, loaded when the tab opens (not on the invitation page). */
const PanelOrders = lazy(() => import('./PanelOrders.tsx'));

function OrderScreen({ uuid, lang, back }: { uuid: string; lang: TrackLanguage; back: () => void }) {
  const state = useLoad<TrackView>(() => panelApi.order(uuid), uuid);
  return (
    <Stack gap="sm">
      <div>
        <Button variant="subtle" onClick={back}>
          ← {panelTexts[lang].back}
        </Button>
      </div>
      <Loading state={state}>
        {() => (
          <div className="trk" style={{ minHeight: 0, background: 'transparent' }}>
            <div className="trk-main" style={{ padding: 0 }}>
              <TrackViewCard view={state.data as TrackView} />
            </div>
          </div>
        )}
      </Loading>
    </Stack>
  );
}

function QueriesScreen({ lang }: { lang: TrackLanguage }) {
  const t = panelTexts[lang];
  const state = useLoad(() => panelApi.queries(), 'queries');
  return (
    <Loading state={state}>
      {() => {
        const rows = state.data?.['hydra:member'] ?? [];
        if (rows.length === 0) return <Text c="dimmed">{t.noRows}</Text>;
        return (
          <Stack gap="sm">
            {rows.map((q: PanelQuery) => (
              <Card key={q.uuid} withBorder padding="sm" component="article" aria-label={`${t.queries} ${q.id}`}>
                <Group justify="space-between">
                  <Text fw={600}>#{q.id}</Text>
                  <Badge variant="light">{QUERY_STATUS[lang][q.status] ?? q.status}</Badge>
                </Group>
                <Text size="sm">
                  {q.loadingCity} → {q.unloadingCity} · {day(q.loadingDate)}
                </Text>
                <Text size="sm" c="dimmed">
                  {q.cargo}
                </Text>
                <Text size="sm">
                  {t.priceQuoted}: {q.priceQuoted === null ? t.noRows : formatMoney(q.priceQuoted, q.currency)}
                </Text>
              </Card>
            ))}
          </Stack>
        );
      }}
    </Loading>
  );
}

function InvoicesScreen({ lang }: { lang: TrackLanguage }) {
  const t = panelTexts[lang];
  const tt = trackTexts[lang];
  const state = useLoad(() => Promise.all([panelApi.invoices(), panelApi.balance()]), 'invoices');
  const download = async (invoice: PanelInvoice) => {
    const file = await panelApi.invoicePdf(invoice.uuid);
    saveFile(file.blob, file.fileName ?? `${invoice.number}.pdf`);
  };
  return (
    <Loading state={state}>
      {() => {
        const [list, balance] = state.data as [{ 'hydra:member': PanelInvoice[] }, PanelBalance];
        const rows = list['hydra:member'];
        const sums = balance.balances.length ? balance.balances : [{ currency: 'pln', due: 0, overdue: 0 }];
        return (
          <Stack gap="sm">
            {sums.map((b) => (
              <Alert key={b.currency} color={b.overdue > 0 ? 'red' : 'blue'} data-testid="panel-balance">
                {t.balance(formatMoney(b.due, b.currency), formatMoney(b.overdue, b.currency))}
              </Alert>
            ))}
            {rows.length === 0 ? <Text c="dimmed">{t.noRows}</Text> : null}
            {rows.map((i) => (
              <Card key={i.uuid} withBorder padding="sm" component="article" aria-label={`${t.invoices} ${i.number}`}>
                <Group justify="space-between" wrap="wrap">
                  <Text fw={600}>{i.number}</Text>
                  <Badge color={i.status === 'zaplacona' ? 'green' : i.status === 'po_terminie' ? 'red' : 'gray'}>
                    {i.status === 'zaplacona'
                      ? tt.paid
                      : i.status === 'po_terminie'
                        ? tt.overdue
                        : i.status === 'czesciowo'
                          ? tt.partlyPaid
                          : tt.unpaid}
                  </Badge>
                </Group>
                <Text size="sm">
                  {t.gross}: {formatMoney(i.totalGross, i.currency)} · {t.dueAmount}:{' '}
                  {formatMoney(i.dueAmount, i.currency)}
                </Text>
                <Text size="sm" c="dimmed">
                  {t.paymentDate}: {day(i.paymentDate)}
                </Text>
                {i.interestNotes.length > 0 ? (
                  <Text size="sm">
                    {t.interestNotes}:{' '}
                    {i.interestNotes.map((n) => `${n.number} (${formatMoney(n.interest, n.currency)})`).join(', ')}
                  </Text>
                ) : null}
                <Group justify="flex-end">
                  <Button size="xs" variant="light" onClick={() => void download(i)}>
                    PDF
                  </Button>
                </Group>
              </Card>
            ))}
          </Stack>
        );
      }}
    </Loading>
  );
}

/** /panel/invite/{token}: the person sets a password (twice), then signs in at the usual login page. */
/** Setting the password from the invitation's link, in the customer's language (the tracking page's texts' way). */
export function InvitePage({ token, lang }: { token: string; lang: TrackLanguage }) {
  const t = panelTexts[lang];
  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = t.title;
  }, [lang, t.title]);
  const [password, setPassword] = useState('');
  const [again, setAgain] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setError(null);
    if (password !== again) {
      setError(t.passwordsDiffer);
      return;
    }
    if (password.length < 8) {
      setError(t.passwordTooShort);
      return;
    }
    setBusy(true);
    try {
      const res = await panelApi.acceptInvitation(token, password);
      setDone(`${lang === 'pl' ? res.message : t.passwordDone} Login: ${res.username}`);
    } catch (e) {
      // The server speaks Polish; its two answers a person meets are said here in the page's language.
      if (isApiError(e) && e.status === 404) setError(t.invitationInvalid);
      else if (isApiError(e) && e.status === 422 && lang === 'en') setError(t.passwordTooShort);
      else {
        const v = isApiError(e) ? e.violations[0]?.message : undefined;
        setError(v ?? (isApiError(e) ? (e.detail ?? e.message) : String(e)));
      }
    } finally {
      setBusy(false);
    }
  };
  return (
    <Container size={420} py="xl">
      <Card withBorder padding="lg">
        <Title order={1} size="h3" mb="sm">
          {t.title}
        </Title>
        {done ? (
          <Stack>
            <Alert color="green">{done}</Alert>
            <Button component="a" href={loginPath(lang)}>
              {t.login}
            </Button>
          </Stack>
        ) : (
          <form onSubmit={handleSubmit} noValidate aria-label={t.setPassword}>
            <Stack>
              {error ? <Alert color="red">{error}</Alert> : null}
              <PasswordInput
                label={t.password}
                name="password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
              />
              <PasswordInput
                label={t.passwordAgain}
                name="passwordAgain"
                autoComplete="new-password"
                value={again}
                onChange={(e) => setAgain(e.currentTarget.value)}
              />
              <Button type="submit" loading={busy}>
                {t.setPassword}
              </Button>
            </Stack>
          </form>
        )}
      </Card>
    </Container>
  );
}

/**
 * The customer panel (issue 37), its own build (panel.html): a ROLE_CUSTOMER login's orders, queries, invoices and
 * new queries. Nothing of the back-office is loaded; the server refuses this login everything but /api/panel/….
 */
export function PanelApp() {
  const [place, setPlace] = useState<Place>(() => placeOf(window.location.pathname, window.location.search));
  const [me, setMe] = useState<PanelMe | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const go = useCallback((next: Place, path: string) => {
    window.history.pushState(null, '', path);
    setPlace(next);
    window.scrollTo(0, 0);
  }, []);
  const openOrder = useCallback((uuid: string) => go({ tab: 'order', uuid }, `/panel/zlecenia/${uuid}`), [go]);
  useEffect(() => {
    const onPop = () => setPlace(placeOf(window.location.pathname, window.location.search));
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  useEffect(() => {
    if (place.tab === 'invite') return;
    configureApiClient({ onSessionExpired: toLogin });
    if (!session.getToken()) {
      toLogin();
      return;
    }
    panelApi
      .me()
      .then((m) => {
        setMe(m);
        window.localStorage.setItem(LANGUAGE_KEY, m.language);
        document.documentElement.lang = m.language;
        document.title = panelTexts[m.language].title;
      })
      .catch(toLogin);
  }, [place.tab]);

  if (place.tab === 'invite') return <InvitePage token={place.token} lang={place.lang} />;
  if (!me) return <Loader m="xl" />;
  const lang = me.language;
  const t = panelTexts[lang];
  const logout = () => {
    session.clear();
    toLogin();
  };
  const tab = place.tab === 'order' ? 'orders' : place.tab;
  return (
    <ComponentTextsProvider value={lang === 'en' ? englishComponentTexts : polishComponentTexts}>
      <Container size="md" px="xs" py="sm">
        <Stack gap="sm">
          <Group justify="space-between" wrap="nowrap">
            <div>
              <Title order={1} size="h4">
                {t.title}
              </Title>
              <Text size="sm" c="dimmed">
                {me.customer.companyName} · {me.name}
              </Text>
            </div>
            <Button variant="subtle" size="xs" onClick={logout}>
              {t.logout}
            </Button>
          </Group>
          <Tabs
            value={tab}
            onChange={(value) => {
              const next = (value ?? 'orders') as keyof typeof TAB_PATHS;
              setNotice(null);
              go({ tab: next }, TAB_PATHS[next]);
            }}
          >
            <Tabs.List grow>
              <Tabs.Tab value="orders">{t.orders}</Tabs.Tab>
              <Tabs.Tab value="queries">{t.queries}</Tabs.Tab>
              <Tabs.Tab value="invoices">{t.invoices}</Tabs.Tab>
              <Tabs.Tab value="new">{t.newQuery}</Tabs.Tab>
            </Tabs.List>
          </Tabs>
          {notice ? (
            <Alert color="green" withCloseButton onClose={() => setNotice(null)}>
              {notice}
            </Alert>
          ) : null}
          {place.tab === 'orders' ? (
            <Suspense fallback={<Loader size="sm" />}>
              <PanelOrders lang={lang} open={openOrder} />
            </Suspense>
          ) : null}
          {place.tab === 'order' ? (
            <OrderScreen uuid={place.uuid} lang={lang} back={() => go({ tab: 'orders' }, TAB_PATHS.orders)} />
          ) : null}
          {place.tab === 'queries' ? <QueriesScreen lang={lang} /> : null}
          {place.tab === 'invoices' ? <InvoicesScreen lang={lang} /> : null}
          {place.tab === 'new' ? (
            <NewQueryForm
              lang={lang}
              onCreated={(message) => {
                go({ tab: 'queries' }, TAB_PATHS.queries);
                setNotice(message || msg.queryCreated);
              }}
            />
          ) : null}
        </Stack>
      </Container>
    </ComponentTextsProvider>
  );
}
