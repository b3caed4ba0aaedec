import { describe, expect, it } from 'vitest';
import { changeLine } from './history.ts';

describe('a history line', () => {
  it("names an imported statement's file, not a change from '—' (issue 34)", () => {
    expect(changeLine({ field: 'fileName', from: null, to: 'wyciag.sta' }, 'import')).toBe('Plik: wyciag.sta');
    expect(changeLine({ field: 'lineCount', from: null, to: 2 }, 'import')).toBe('Operacji: 2');
  });

  it('keeps an edit as a change, from an empty value too', () => {
    expect(changeLine({ field: 'driverName', from: null, to: 'Jan' }, 'update')).toBe('Kierowca: — → Jan');
    expect(changeLine({ field: 'driverName', from: 'Jan', to: 'Piotr' }, 'update')).toBe('Kierowca: Jan → Piotr');
    expect(changeLine({ field: 'driverName', from: 'Jan', to: null })).toBe('Kierowca: Jan → —');
  });
});
