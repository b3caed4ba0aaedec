import { describe, expect, it } from 'vitest';
import { htmlProblem } from '../../../test/telegramFake.ts';
import { TelegramError } from '../../integrations/telegram/types.ts';
import { formatWarsaw } from '../../warsawDay.ts';
import { entryLabel, escapeHtml, reminderMessage } from './compose.ts';
import { outcomeOf } from './outcome.ts';

describe('telegram messages', () => {
  it('escapes what Telegram HTML would read as markup', () => {
    expect(escapeHtml('Cena <b>netto</b> & "VAT"')).toBe('Cena &lt;b&gt;netto&lt;/b&gt; &amp; &quot;VAT&quot;');
  });

  it('writes dates as the app shows them, in Warsaw time, winter and summer', () => {
    expect(formatWarsaw('2026-01-15T08:05:00Z')).toBe('09:05, 15/01/2026');
    expect(formatWarsaw('2026-07-01T22:30:00Z')).toBe('00:30, 02/07/2026');
  });

  it('names the entry with its route', () => {
    const loading = { city: 'Łódź', country: 'PL' };
    const unloading = { city: 'Berlin', country: 'DE' };
    expect(entryLabel({ type: 'order', number: '3/11/2026', loading, unloading })).toBe(
      'Zlecenie nr 3/11/2026: Łódź (Polska) → Berlin (Niemcy)',
    );
    expect(entryLabel(null)).toBe('Bez zapytania i zlecenia');
  });

  it('makes a reminder Telegram can parse whatever the dispatcher typed', () => {
    const { html, summary } = reminderMessage(
      {
        id: 7,
        uuid: '1b4e28ba-2fa1-11d2-883f-0016d3cca427',
        phonePrefix: '49',
        phone: '151 234<5>',
        comment: '<script>&nbsp "x" </b>',
        contactDate: '2026-03-02T10:00:00Z',
        entry: {
          type: 'query',
          id: 12,
          loading: { city: 'A&B', country: null },
          unloading: { city: '<C>', country: 'DE' },
        },
      },
      'https://spedycja.example',
    );
    expect(htmlProblem(html)).toBeNull();
    expect(html).toContain('<a href="tel:+491512345">(0049) 151 234&lt;5&gt;</a>');
    expect(html).toContain('Zapytanie nr 12: A&amp;B → &lt;C&gt; (Niemcy)');
    expect(summary).toBe('Przypomnienie: Zapytanie nr 12: A&B → <C> (Niemcy)');
  });
});

describe('what a failed send leads to', () => {
  it('retries no answer, 5xx and 429 (after retry_after); a 403 or 400 is final', () => {
    expect(outcomeOf(new TelegramError('network', 'ECONNREFUSED'), 1)).toMatchObject({
      status: 'retry',
      delaySeconds: 10,
    });
    expect(outcomeOf(new TelegramError('api', 'Bad Gateway', 502), 2)).toMatchObject({
      status: 'retry',
      delaySeconds: 30,
    });
    expect(outcomeOf(new TelegramError('api', 'Too Many Requests', 429, 33), 1)).toMatchObject({
      status: 'retry',
      delaySeconds: 33,
    });
    expect(outcomeOf(new TelegramError('api', 'Forbidden: bot was blocked by the user', 403), 1)).toMatchObject({
      status: 'failed',
    });
    expect(outcomeOf(new TelegramError('api', 'Bad Request: chat not found', 400), 1)).toMatchObject({
      status: 'failed',
    });
    expect(outcomeOf(new TelegramError('api', 'Bad Gateway', 502), 12)).toMatchObject({ status: 'failed' });
  });
});
