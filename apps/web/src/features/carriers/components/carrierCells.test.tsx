import { describe, expect, it } from 'vitest';
import { formatCapacity } from './carrierCells.tsx';

describe('formatCapacity', () => {
  it('reads L × W × H in metres and the weight in tonnes from hundredths', () => {
    expect(
      formatCapacity({ maxCargoLength: 1360, maxCargoWidth: 245, maxCargoHeight: 270, maxCargoWeight: 2400 }),
    ).toBe('13,60 × 2,45 × 2,70 m, 24,00 t');
    expect(
      formatCapacity({ maxCargoLength: 1360, maxCargoWidth: null, maxCargoHeight: null, maxCargoWeight: null }),
    ).toBe('13,60 × — × — m');
    expect(
      formatCapacity({ maxCargoLength: null, maxCargoWidth: null, maxCargoHeight: null, maxCargoWeight: null }),
    ).toBe('Brak');
  });
});
