import type { TaskContactTry } from '@spedycja/domain';
import { describe, expect, it } from 'vitest';
import { contactTryChanges, toDraft } from './contactTryDrafts.ts';

const attempt = (uuid: string, over: Partial<TaskContactTry> = {}): TaskContactTry => ({
  uuid,
  date: '2026-11-20T09:30:00.000Z',
  status: 'nieudana',
  comment: 'Nie odbiera',
  ...over,
});

describe('contact attempt edits', () => {
  it('sends nothing for untouched attempts', () => {
    const attempts = [attempt('a'), attempt('b', { comment: null })];
    const drafts = Object.fromEntries(attempts.map((a) => [a.uuid, toDraft(a)]));
    expect(contactTryChanges(attempts, drafts)).toEqual({ changes: [], errors: {} });
  });

  it('sends one PUT per changed attempt, with the date as ISO', () => {
    const attempts = [attempt('a'), attempt('b')];
    const drafts = {
      a: { ...toDraft(attempts[0] as TaskContactTry), status: 'udana' as const },
      b: toDraft(attempts[1] as TaskContactTry),
    };
    const { changes, errors } = contactTryChanges(attempts, drafts);
    expect(errors).toEqual({});
    expect(changes).toEqual([
      { uuid: 'a', payload: { date: '2026-11-20T09:30:00.000Z', status: 'udana', comment: 'Nie odbiera' } },
    ]);
  });

  it('sends a cleared comment as null', () => {
    const attempts = [attempt('a')];
    const { changes } = contactTryChanges(attempts, { a: { ...toDraft(attempts[0] as TaskContactTry), comment: ' ' } });
    expect(changes[0]?.payload.comment).toBeNull();
  });

  it('refuses an attempt without a date', () => {
    const attempts = [attempt('a')];
    const { changes, errors } = contactTryChanges(attempts, {
      a: { ...toDraft(attempts[0] as TaskContactTry), date: null },
    });
    expect(changes).toEqual([]);
    expect(errors).toEqual({ a: { date: 'To pole nie może być puste!' } });
  });
});
