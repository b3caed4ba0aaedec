import { describe, expect, it } from 'vitest';
import { exportParams } from './TableToolbar.tsx';

describe('the export button’s parameters', () => {
  it('keeps the filters and the sort, drops the paging and the empty values, adds the format', () => {
    expect(
      exportParams(
        {
          cargo: 'palety',
          'order[loadingDate]': 'desc',
          'deletionReason[gt]': 0,
          page: 3,
          itemsPerPage: 8,
          partial: true,
          pagination: true,
          'customerPrice[gte]': undefined,
          customer: null,
        },
        'xlsx',
      ),
    ).toEqual({ cargo: 'palety', 'order[loadingDate]': 'desc', 'deletionReason[gt]': 0, format: 'xlsx' });
  });
});
