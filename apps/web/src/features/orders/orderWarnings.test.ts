import { describe, expect, it } from 'vitest';
import { orderWarnings } from './orderWarnings.ts';

const sent = { mailSentToCustomer: true, mailSentToCarrier: true, showInCalendar: true };

describe('the warning icons of the # cell', () => {
  it('shows nothing for an order sent to both and shown in the calendar', () => {
    expect(orderWarnings(sent)).toEqual([]);
  });

  it('is orange while the document has not gone to the customer or the carrier, saying which', () => {
    expect(orderWarnings({ ...sent, mailSentToCustomer: false })).toEqual([
      { kind: 'notSent', color: 'orange', message: 'Nie wysłano do klienta' },
    ]);
    expect(orderWarnings({ ...sent, mailSentToCarrier: false })).toEqual([
      { kind: 'notSent', color: 'orange', message: 'Nie wysłano do przewoźnika' },
    ]);
    expect(orderWarnings({ ...sent, mailSentToCustomer: false, mailSentToCarrier: false })).toEqual([
      { kind: 'notSent', color: 'orange', message: 'Nie wysłano do klienta ani do przewoźnika' },
    ]);
  });

  it('is red when the order is not shown in the calendar, next to the orange one', () => {
    expect(orderWarnings({ ...sent, showInCalendar: false })).toEqual([
      { kind: 'hiddenInCalendar', color: 'red', message: 'Niewidoczne w kalendarzu' },
    ]);
    expect(
      orderWarnings({ mailSentToCustomer: false, mailSentToCarrier: true, showInCalendar: false }).map((w) => w.color),
    ).toEqual(['orange', 'red']);
  });
  it('says a document went to the folder only, when mail is off', () => {
    const [warning] = orderWarnings({ mailSentToCustomer: false, mailSentToCarrier: true, showInCalendar: true }, true);
    expect(warning?.color).toBe('orange');
    expect(warning?.message).toContain('Zapisano w folderze — poczta wyłączona');
  });
});
