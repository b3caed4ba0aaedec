import { describe, expect, it } from 'vitest';
import { isMilestoneList, milestoneMail, panelQueryCreateSchema, trackLanguageOf, trackStatusOf } from './index.ts';

describe("the customer's window (issue 37)", () => {
  const base = { finished: false, unloaded: false, loaded: false, loadedAt: null, vehicle: false };
  const now = new Date('2026-12-01T12:00:00.000Z');

  it('tells the status as the customer understands it', () => {
    expect(trackStatusOf(base)).toBe('accepted');
    expect(trackStatusOf({ ...base, vehicle: true })).toBe('toLoading');
    expect(trackStatusOf({ ...base, loaded: true, loadedAt: '2026-12-01T11:30:00.000Z', now })).toBe('loaded');
    expect(trackStatusOf({ ...base, loaded: true, loadedAt: '2026-12-01T08:00:00.000Z', now })).toBe('inTransit');
    expect(trackStatusOf({ ...base, loaded: true, unloaded: true })).toBe('unloaded');
    expect(trackStatusOf({ ...base, unloaded: true, finished: true })).toBe('finished');
  });

  it('reads the milestone lists and the language', () => {
    expect(isMilestoneList('sent,loaded,unloaded,cmr')).toBe(true);
    expect(isMilestoneList('')).toBe(true);
    expect(isMilestoneList('loaded, cmr')).toBe(true);
    expect(isMilestoneList('loaded,hacked')).toBe(false);
    expect(trackLanguageOf('Polski')).toBe('pl');
    expect(trackLanguageOf(null)).toBe('pl');
    expect(trackLanguageOf('Angielski')).toBe('en');
  });

  it('writes the milestone mails with the link, in the customer language', () => {
    const v = { number: '1/12/2026', route: 'Poznań → Berlin', link: 'http://x/t/abc', company: 'Spedycja' };
    const pl = milestoneMail('pl', 'loaded', v);
    expect(pl.subject).toBe('Zlecenie 1/12/2026: towar załadowany');
    expect(pl.text).toContain('http://x/t/abc');
    expect(milestoneMail('en', 'cmr', v).subject).toBe('Order 1/12/2026: CMR available');
  });

  it("takes a panel query without prices, owner or customer (they are the server's)", () => {
    const parsed = panelQueryCreateSchema.parse({
      cargo: 'Palety',
      loadingCity: 'Poznań',
      loadingCountry: 'PL',
      loadingDate: '2026-12-10',
      unloadingCity: 'Praga',
      unloadingCountry: 'CZ',
      customerPrice: 1,
      customer: '/api/customers/x',
    });
    expect(parsed).not.toHaveProperty('customerPrice');
    expect(parsed).not.toHaveProperty('customer');
    expect(parsed.loadingType).toBe('brak informacji');
    expect(panelQueryCreateSchema.safeParse({ cargo: '' }).success).toBe(false);
  });
});
