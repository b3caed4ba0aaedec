import { notifications } from '@mantine/notifications';
import { COUNTRY_GROUPS } from '@spedycja/domain';
import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render.tsx';
import { CarrierModal } from './CarrierModal.tsx';
import { CARRIER_FIELDS } from './carrierForm.ts';

const fetchMock = vi.fn();
beforeEach(() => {
  notifications.clean();
  notifications.cleanQueue();
  fetchMock.mockReset();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const uuid = '6c2f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e7f';
const carrier = {
  '@id': `/api/carriers/${uuid}`,
  '@type': 'Carrier',
  id: 3,
  uuid,
  companyName: 'Tir-Trans',
  name: null,
  phonePrefix: '48',
  phone: null,
  email: null,
  streetAddress: null,
  postalCode: null,
  city: null,
  country: 'PL',
  nip: null,
  language: 'Polski',
  accountNumber: null,
  countries: ['DE', 'FR'],
  maxCargoLength: 1360,
  maxCargoWidth: 245,
  maxCargoHeight: 270,
  maxCargoWeight: 2400,
  methodOfContact: 'telefon',
  createdDate: '2026-11-22T10:00:00.000Z',
};

/** Issue 39: the carrier's record of 12 months, with one rating. */
const record = {
  '@type': 'CarrierRecord',
  from: '2025-12-01',
  to: '2026-11-29',
  rating: 4.5,
  ratings: 2,
  onTimeRate: 83,
  loadingOnTimeRate: 67,
  unloadingOnTimeRate: 100,
  medianAcceptMinutes: 60,
  medianCmrDays: 3,
  medianInvoiceDays: 12.5,
  offersMade: 7,
  offersWon: 2,
  ordersCarried: 3,
  positionsSharedRate: null,
  months: Array.from({ length: 12 }, (_, i) => ({
    month: `2026-${String(i + 1).padStart(2, '0')}`,
    onTimeRate: i === 10 ? 83 : null,
    ordersCarried: i === 10 ? 3 : 0,
    rating: null,
    ratings: 0,
  })),
  lastRatings: [
    {
      '@id': '/api/orders/x/rating',
      '@type': 'Rating',
      uuid: 'r1',
      score: 5,
      tags: ['punktualność'],
      comment: 'Bez zarzutu',
      author: { uuid: 'u1', name: 'Anna Oceniająca' },
      order: { '@id': '/api/orders/x', uuid: 'x', number: '7/11/2026' },
      createdAt: '2026-11-20T10:00:00.000Z',
      updatedAt: '2026-11-20T10:00:00.000Z',
      editableUntil: '2026-11-27T10:00:00.000Z',
      version: 1,
    },
  ],
};

const bodyOf = (method: string) => {
  const call = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === method);
  return call ? JSON.parse(String((call[1] as RequestInit).body)) : undefined;
};

/**
 * Testing Library's label and role queries take about a second each over this form's 1,500 nodes
 * in jsdom, so the fields are found through their <label> elements and buttons by their names.
 */
function field(label: string): HTMLInputElement {
  // A required field's label ends with Mantine's '*' (hidden from the accessible name, not from the text).
  const element = screen.getByText((_, node) => node?.textContent?.replace(/\s*\*$/, '') === label, {
    selector: 'label',
  }) as HTMLLabelElement;
  const input = document.getElementById(element.htmlFor);
  if (!(input instanceof HTMLInputElement)) throw new Error(`no input labelled ${label}`);
  return input;
}
function named(name: string): HTMLElement {
  const element = document.querySelector<HTMLElement>(`[aria-label="${name}"]`);
  if (!element) throw new Error(`nothing named ${name}`);
  return element;
}

describe('CarrierModal', { timeout: 45_000 }, () => {
  it('sends capacities typed with a comma or a dot in hundredths, and whole groups of countries', async () => {
    fetchMock.mockImplementation(async (_url: string, init: RequestInit = {}) =>
      init.method === 'POST' ? json(201, carrier) : json(200, { nip: 0, phone: 0 }),
    );
    renderWithProviders(<CarrierModal opened onClose={() => {}} />);
    fireEvent.change(field('Nazwa firmy'), { target: { value: 'Tir-Trans' } });
    fireEvent.change(field('Maks. długość (m)'), { target: { value: '13,6' } });
    fireEvent.change(field('Maks. szerokość (m)'), { target: { value: '2.45' } });
    fireEvent.change(field('Maks. wysokość (m)'), { target: { value: '2,7' } });
    fireEvent.change(field('Maks. waga (t)'), { target: { value: '24' } });
    fireEvent.click(named('Zaznacz wszystkie (Europa Zachodnia)'));
    fireEvent.click(named('Zaznacz wszystkie (Europa Północna)'));
    fireEvent.click(field('Norwegia'));
    expect(field('Niemcy').checked).toBe(true);
    fireEvent.click(screen.getByText('Zapisz'));
    expect(await screen.findByText('Przewoźnik został pomyślnie dodany!')).toBeTruthy();
    const body = bodyOf('POST');
    expect(Object.keys(body).sort()).toEqual([...CARRIER_FIELDS].sort());
    const western = COUNTRY_GROUPS.find((g) => g.id === 'western')?.countries ?? [];
    const northern = (COUNTRY_GROUPS.find((g) => g.id === 'northern')?.countries ?? []).filter((c) => c !== 'NO');
    expect(body).toMatchObject({
      companyName: 'Tir-Trans',
      maxCargoLength: 1360,
      maxCargoWidth: 245,
      maxCargoHeight: 270,
      maxCargoWeight: 2400,
      countries: [...western, ...northern].sort(),
      accountNumber: null,
      methodOfContact: null,
      nip: null,
    });
  });

  it('refuses a capacity that is not a number before calling the server', async () => {
    fetchMock.mockImplementation(async () => json(200, { nip: 0, phone: 0 }));
    renderWithProviders(<CarrierModal opened onClose={() => {}} />);
    fireEvent.change(field('Nazwa firmy'), { target: { value: 'Tir-Trans' } });
    fireEvent.change(field('Maks. długość (m)'), { target: { value: '13,6m' } });
    fireEvent.click(screen.getByText('Zapisz'));
    expect(await screen.findByText('To pole może zawierać jedynie liczbę!')).toBeTruthy();
    expect(bodyOf('POST')).toBeUndefined();
  });

  it('shows capacities as decimals and sends only what changed', async () => {
    fetchMock.mockImplementation(async (url: string, init: RequestInit = {}) => {
      if (init.method === 'PUT') return json(200, carrier);
      if (url.startsWith('/api/carriers/duplicates')) return json(200, { nip: 0, phone: 0 });
      if (url.endsWith('/record')) return json(200, record);
      return json(200, carrier);
    });
    renderWithProviders(<CarrierModal opened onClose={() => {}} carrierUuid={uuid} />);
    await screen.findByText('Maks. długość (m)', { selector: 'label' });
    const length = field('Maks. długość (m)');
    expect(length.value).toBe('13,60');
    fireEvent.change(length, { target: { value: '12' } });
    fireEvent.click(named('Odznacz wszystkie (Europa Zachodnia)'));
    fireEvent.click(screen.getByText('Zapisz'));
    expect(await screen.findByText('Przewoźnik został pomyślnie zaktualizowany!')).toBeTruthy();
    expect(bodyOf('PUT')).toEqual({ maxCargoLength: 1200, countries: [] });
  });

  it('selects and clears every group at once', async () => {
    fetchMock.mockImplementation(async () => json(200, { nip: 0, phone: 0 }));
    renderWithProviders(<CarrierModal opened onClose={() => {}} />);
    fireEvent.click(screen.getByText('Zaznacz wszystkie', { selector: 'button:not([aria-label]) *' }));
    const boxes = [...document.querySelectorAll<HTMLInputElement>('input[type=checkbox]')];
    expect(boxes.length).toBe(47);
    expect(boxes.every((b) => b.checked)).toBe(true);
    fireEvent.click(screen.getByText('Odznacz wszystkie', { selector: 'button:not([aria-label]) *' }));
    expect(boxes.every((b) => !b.checked)).toBe(true);
  });

  it("shows the carrier's record: its figures and last ratings with their authors and orders (issue 39)", async () => {
    fetchMock.mockImplementation(async (url: string) => json(200, url.endsWith('/record') ? record : carrier));
    renderWithProviders(<CarrierModal opened onClose={() => {}} carrierUuid={uuid} />);
    const panel = await screen.findByTestId('carrier-last-ratings');
    expect(panel.textContent).toContain('Zlecenie 7/11/2026');
    expect(panel.textContent).toContain('Anna Oceniająca');
    expect(panel.textContent).toContain('Bez zarzutu');
    const figures = screen.getByTestId('carrier-record').textContent ?? '';
    expect(figures).toContain('★ 4,50 (2 oceny)');
    expect(figures).toContain('83 %');
    expect(figures).toContain('60 min');
    expect(figures).toContain('12,5 d');
    expect(figures).toContain('7 / 2');
  });
});
