import { describe, expect, it } from 'vitest';
import { hundredthsToInput, inputToHundredths } from './MoneyInput.tsx';

describe('money input conversion', () => {
  it('shows hundredths as a Polish decimal', () => {
    expect(hundredthsToInput(430)).toBe('4,30');
    expect(hundredthsToInput(150050)).toBe('1500,50');
    expect(hundredthsToInput(null)).toBe('');
  });

  it('reads a comma or a dot', () => {
    expect(inputToHundredths('4,3')).toBe(430);
    expect(inputToHundredths('4.30')).toBe(430);
    expect(inputToHundredths('')).toBeNull();
    expect(inputToHundredths('4,3x')).toBeNaN();
  });
});
