import { describe, expect, it } from 'vitest';
import { isoOrNull } from './repository.ts';

describe('isoOrNull: a timestamp as the API writes it', () => {
  it.each([
    '2028-12-01 06:00:00+00',
    '2028-12-01 06:00:00.5+00',
    '2028-12-01 06:00:00.123456+00',
    '2028-12-01 23:59:59.9999+00',
    '2028-12-01 06:00:00+02',
    '2028-12-01T06:00:00Z',
    '2028-12-01T06:00:00.250+01:00',
  ])('%s reads as the Date of it would print it', (value) => {
    const viaDate = new Date(value.includes('T') ? value : value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
    expect(isoOrNull(value)).toBe(viaDate.toISOString());
  });

  it('keeps null and what is not a timestamp', () => {
    expect(isoOrNull(null)).toBeNull();
    expect(isoOrNull('przed rozładunkiem')).toBe('przed rozładunkiem');
  });
});
