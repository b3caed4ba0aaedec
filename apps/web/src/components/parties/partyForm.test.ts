import { describe, expect, it } from 'vitest';
import { changedKeys, createPayload, emptyPartyForm, partyName, requireUuid, updatePayload } from './partyForm.ts';

describe('createPayload', () => {
  it('sends every known field, null when the parsed values lack it', () => {
    const payload = createPayload(['companyName', 'name', 'nip', 'country', 'phonePrefix'] as const, {
      companyName: 'Trans-Pol',
      name: undefined,
      phonePrefix: '48',
    });
    expect(payload).toEqual({ companyName: 'Trans-Pol', name: null, nip: null, country: null, phonePrefix: '48' });
    expect(Object.keys(JSON.parse(JSON.stringify(payload)))).toHaveLength(5);
  });
});

describe('updatePayload', () => {
  it('sends only the changed fields, a cleared one as null', () => {
    const initial = { ...emptyPartyForm(), companyName: 'Trans-Pol', city: 'Kraków', phone: '600100200' };
    const current = { ...initial, city: 'Kraków ', phone: '', email: 'biuro@example.pl' };
    const parsed = { ...current, city: 'Kraków', phone: null };
    expect(changedKeys(initial, current)).toEqual(['phone', 'email', 'city']);
    expect(updatePayload(initial, current, parsed)).toEqual({ phone: null, email: 'biuro@example.pl', city: 'Kraków' });
  });

  it('sends nothing when nothing changed, a list reordered included', () => {
    const initial = { ...emptyPartyForm(), countries: ['DE', 'FR'] };
    expect(updatePayload(initial, { ...initial, countries: ['FR', 'DE'] }, {})).toEqual({});
  });
});

describe('requireUuid', () => {
  it('refuses an update without the record’s uuid', () => {
    expect(() => requireUuid(null)).toThrow('Brak identyfikatora rekordu do aktualizacji.');
    expect(() => requireUuid('')).toThrow();
    expect(requireUuid('5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e7f')).toBe('5b1f1f7e-5d7b-4a8e-9f3c-2a1b0c9d8e7f');
  });
});

describe('partyName', () => {
  it('joins company and person, whichever exist', () => {
    expect(partyName({ companyName: 'Trans-Pol', name: 'Jan Kowalski' })).toBe('Trans-Pol – Jan Kowalski');
    expect(partyName({ companyName: null, name: 'Jan Kowalski' })).toBe('Jan Kowalski');
  });
});
