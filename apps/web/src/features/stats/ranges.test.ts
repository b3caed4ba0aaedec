import { describe, expect, it } from 'vitest';
import { presetRange } from './ranges.ts';

describe('stats range presets', () => {
  it('gives whole months, quarters and years, across a year boundary', () => {
    expect(presetRange('thisMonth', '2026-02-14')).toEqual(['2026-02-01', '2026-02-28']);
    expect(presetRange('lastMonth', '2026-01-10')).toEqual(['2025-12-01', '2025-12-31']);
    expect(presetRange('thisQuarter', '2026-11-24')).toEqual(['2026-10-01', '2026-12-31']);
    expect(presetRange('thisQuarter', '2026-03-31')).toEqual(['2026-01-01', '2026-03-31']);
    expect(presetRange('thisYear', '2028-02-29')).toEqual(['2028-01-01', '2028-12-31']);
  });
});
