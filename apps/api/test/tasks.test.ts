import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CUSTOMER, factories, queryOf } from './fixtures.ts';
import { bearer, createTestApp, dbKinds, type TestApp } from './helpers.ts';

const hoursFromNow = (h: number) => new Date(Date.now() + h * 3600_000).toISOString();

describe.each(dbKinds)('tasks and contact attempts on %s', (kind) => {
  let t: TestApp;
  let admin: string;
  let other: string;
  let otherIri: string;
  let queryIri: string;
  let queryUuid: string;
  let customerIri: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await t.login();
    const anna = await factories(t.app, admin).user({ login: 'anna', name: 'Anna Nowak' });
    otherIri = anna['@id'];
    other = anna.token;
    customerIri = (await api('POST', '/api/customers', CUSTOMER)).json()['@id'];
    const q = (
      await api('POST', '/api/queries', queryOf(customerIri, { cargo: 'Palety', loadingCity: 'Łódź' }))
    ).json();
    queryIri = q['@id'];
    queryUuid = q.uuid;
  });
  afterAll(() => t.close());

  function api(method: string, url: string, payload?: unknown, token = admin) {
    return t.app.inject({
      method: method as 'GET',
      url,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  const badge = async (token = admin) =>
    (await api('GET', '/api/tasks/drawerNotifications', undefined, token)).json().count;
  const task = (overrides: Record<string, unknown> = {}) => ({
    phone: '600100200',
    comment: 'Oddzwonić w sprawie ceny',
    contactDate: hoursFromNow(-1),
    entry: queryIri,
    ...overrides,
  });

  it('counts only my open, notifying, due and not deleted tasks on the badge', async () => {
    expect(await badge()).toBe(0);
    const due = (await api('POST', '/api/tasks', task())).json();
    expect(due).toMatchObject({
      status: 'niewykonane',
      phonePrefix: '48',
      drawerNotification: true,
      telegramNotification: false,
      user: { login: 'admin' },
      createdBy: { login: 'admin' },
    });
    expect(due.queryEntity).toMatchObject({ '@id': queryIri, cargo: 'Palety' });
    expect(await badge()).toBe(1);
    await api('POST', '/api/tasks', task({ contactDate: hoursFromNow(5) }));
    await api('POST', '/api/tasks', task({ drawerNotification: false }));
    await api('POST', '/api/tasks', task({ user: otherIri }));
    const done = (await api('POST', '/api/tasks', task())).json();
    await api('PUT', `/api/tasks/${done.uuid}`, { status: 'wykonane' });
    const removed = (await api('POST', '/api/tasks', task())).json();
    await api('POST', `/api/remove/${removed.uuid}`, { type: 'task', reason: 1 });
    expect(await badge()).toBe(1);
    expect(await badge(other)).toBe(1);
  });

  it('sets finishedDate when done and clears it when undone', async () => {
    const created = (await api('POST', '/api/tasks', task())).json();
    expect(created.finishedDate).toBeNull();
    const done = (await api('PUT', `/api/tasks/${created.uuid}`, { status: 'wykonane' })).json();
    expect(done.finishedDate).not.toBeNull();
    const undone = (await api('PUT', `/api/tasks/${created.uuid}`, { status: 'niewykonane' })).json();
    expect(undone.finishedDate).toBeNull();
  });

  it('lists by contact date ascending by default, filters by status, entry and deleted view', async () => {
    const list = (
      await api('GET', `/api/tasks?queryEntity.uuid=${queryUuid}&status=wszystkie&pagination=false`)
    ).json()['hydra:member'];
    const dates = list.map((x: { contactDate: string }) => x.contactDate);
    expect(dates).toEqual([...dates].sort());
    expect(list.length).toBeGreaterThanOrEqual(5);
    const done = (await api('GET', '/api/tasks?status=wykonane')).json()['hydra:member'];
    expect(done.every((x: { status: string }) => x.status === 'wykonane')).toBe(true);
    const deleted = (await api('GET', '/api/tasks?deletionReason[gt]=0&status=wszystkie')).json();
    expect(deleted['hydra:totalItems']).toBe(1);
    expect(deleted['hydra:member'][0].deletionReason).toBe(1);
    expect((await api('GET', '/api/tasks?itemsPerPage=15')).json()['hydra:member'].length).toBeLessThanOrEqual(15);
    expect((await api('GET', '/api/tasks?status=zrobione')).statusCode).toBe(400);
  });

  it("an attempt keeps the task's comment and moves its contact date only to the next one given", async () => {
    const created = (await api('POST', '/api/tasks', task({ comment: 'Zapytać o palety' }))).json();
    const now = new Date().toISOString();
    const res = await api('POST', '/api/task_contact_tries', {
      task: created['@id'],
      date: now,
      comment: 'Nie odbiera, spróbować jutro',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'nieudana', comment: 'Nie odbiera, spróbować jutro' });
    let after = (await api('GET', `/api/tasks/${created.uuid}`)).json();
    // Without a next date the planned call-back stays where it was; the task's comment is untouched.
    expect(after.contactDate).toBe(created.contactDate);
    expect(after.comment).toBe('Zapytać o palety');
    expect(after.attempts).toHaveLength(1);

    const next = hoursFromNow(24);
    await api('POST', '/api/task_contact_tries', { task: created['@id'], date: now, nextContactDate: next });
    after = (await api('GET', `/api/tasks/${created.uuid}`)).json();
    expect(new Date(after.contactDate).getTime()).toBe(new Date(next).getTime());
    expect(after.comment).toBe('Zapytać o palety');
    expect(after.attempts).toHaveLength(2);

    const listed = (await api('GET', `/api/task_contact_tries?task.uuid=${created.uuid}`)).json()['hydra:member'];
    expect(listed).toHaveLength(2);
    const upd = await api('PUT', `/api/task_contact_tries/${listed[0].uuid}`, { status: 'udana' });
    expect(upd.json().status).toBe('udana');
    const bad = await api('POST', '/api/task_contact_tries', { task: created['@id'], date: 'wczoraj' });
    expect(bad.statusCode).toBe(422);
    const badNext = await api('POST', '/api/task_contact_tries', {
      task: created['@id'],
      date: now,
      nextContactDate: 'jutro',
    });
    expect(badNext.statusCode).toBe(422);
    expect((await api('GET', `/api/tasks/${created.uuid}`)).json().attempts).toHaveLength(2);
  });

  it('requires a contact date and a real entry', async () => {
    expect((await api('POST', '/api/tasks', task({ contactDate: null }))).statusCode).toBe(422);
    const dangling = await api(
      'POST',
      '/api/tasks',
      task({ entry: '/api/orders/00000000-0000-4000-8000-000000000000' }),
    );
    expect(dangling.statusCode).toBe(422);
    expect(dangling.json().violations[0].propertyPath).toBe('entry');
  });

  it('keeps the tasks of a query when it becomes an order, and back', async () => {
    const q = (
      await api(
        'POST',
        '/api/queries',
        queryOf(customerIri, {
          cargo: 'Z zadaniami',
          loadingCity: 'Gdańsk',
          unloadingCity: 'Ryga',
          unloadingCountry: 'LV',
        }),
      )
    ).json();
    const created = (await api('POST', '/api/tasks', task({ entry: q['@id'] }))).json();
    const order = (await api('POST', `/api/queries/${q.uuid}/changeType`)).json();
    const moved = (await api('GET', `/api/tasks/${created.uuid}`)).json();
    expect(moved.queryEntity).toBeNull();
    expect(moved.orderEntity).toMatchObject({ '@id': order['@id'], number: order.number });
    expect((await api('GET', `/api/tasks?orderEntity.uuid=${order.uuid}`)).json()['hydra:totalItems']).toBe(1);
    const back = (await api('POST', `/api/orders/${order.uuid}/changeType`)).json();
    expect((await api('GET', `/api/tasks/${created.uuid}`)).json().queryEntity['@id']).toBe(back['@id']);
  });

  it('restores a deleted task only as admin', async () => {
    const created = (await api('POST', '/api/tasks', task())).json();
    await api('POST', `/api/remove/${created.uuid}`, { type: 'task', reason: 1 }, other);
    expect((await api('POST', `/api/restore/${created.uuid}`, { type: 'task' }, other)).statusCode).toBe(403);
    expect((await api('POST', `/api/restore/${created.uuid}`, { type: 'task' })).statusCode).toBe(200);
  });
  it("lists one user's tasks ('Moje zadania') and sorts by the assignee's name, which follows a rename and is no change of the task", async () => {
    const annaUuid = otherIri.split('/').at(-1) as string;
    const hers = (await api('POST', '/api/tasks', task({ user: otherIri, comment: 'Zadanie Anny' }))).json();
    await api('POST', '/api/tasks', task({ comment: 'Zadanie admina' }));
    const mine = (await api('GET', `/api/tasks?status=wszystkie&user.uuid=${annaUuid}`)).json();
    expect(mine['hydra:totalItems']).toBeGreaterThan(0);
    expect(mine['hydra:member'].every((m: { user: { login: string } }) => m.user.login === 'anna')).toBe(true);
    expect(mine['hydra:totalItems']).toBe(mine['hydra:member'].length);
    expect((await api('GET', '/api/tasks?user.uuid=nie-uuid')).statusCode).toBe(400);

    const names = async (direction: string) =>
      (await api('GET', `/api/tasks?status=wszystkie&pagination=false&order[user.name]=${direction}`))
        .json()
        ['hydra:member'].map((m: { user: { name: string } | null }) => m.user?.name ?? null);
    const byName = (a: string | null, b: string | null) =>
      a === b ? 0 : a === null ? -1 : b === null ? 1 : a < b ? -1 : 1;
    const ascending = await names('asc');
    expect(ascending).toEqual([...ascending].sort(byName));
    expect(ascending).toContain('Anna Nowak');
    const history = async () => (await api('GET', `/api/tasks/${hers.uuid}/history`)).json()['hydra:member'].length;
    const before = await history();

    expect((await api('PATCH', `/api/users/${annaUuid}`, { name: 'Zofia Nowak' })).statusCode).toBe(200);
    const renamed = await names('asc');
    expect(renamed).toEqual([...renamed].sort(byName));
    expect(renamed).toContain('Zofia Nowak');
    expect(renamed).not.toContain('Anna Nowak');
    expect(renamed.at(-1)).toBe('Zofia Nowak');
    expect(await names('desc')).toEqual([...renamed].reverse());
    // The task itself did not change: the same version, no history line.
    const after = (await api('GET', `/api/tasks/${hers.uuid}`)).json();
    expect(after.version).toBe(hers.version);
    expect(after.user).toMatchObject({ name: 'Zofia Nowak' });
    expect(await history()).toBe(before);
  });
});
