import { describe, expect, it } from 'vitest';
import { looksLikePhone, phoneSearchDigits, splitPhone } from './phones.ts';

describe('a phone typed as the app shows it', () => {
  it("reads '(0048) 601202303' as the calling code 48 and the national digits", () => {
    expect(looksLikePhone('(0048) 601202303')).toBe(true);
    expect(splitPhone('(0048) 601202303')).toEqual({ prefix: '48', number: '601202303' });
    expect(phoneSearchDigits('(0048) 601202303')).toBe('601202303');
    expect(phoneSearchDigits('(+48) 601 202 303')).toBe('601202303');
  });

  it('keeps an area code in brackets national', () => {
    expect(splitPhone('(601) 202 303')).toEqual({ prefix: null, number: '601202303' });
    expect(phoneSearchDigits('+48 601 202 303')).toBe('601202303');
    expect(phoneSearchDigits('601-202-303')).toBe('601202303');
  });
});
