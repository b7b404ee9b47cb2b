import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryDb } from '../../../src-renderer/src/db/history-db';
import { templateRepository } from '../../../src-renderer/src/services/template-repository';

let db: HistoryDb;
let n = 0;
beforeEach(async () => {
  db = new HistoryDb(`templates-test-${++n}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('order templates in IndexedDB', () => {
  it('saves, lists by name, and loads back the same body', async () => {
    const repo = templateRepository(db);
    await repo.save('MB WAY 10', 'A', { transaction: { amount: { value: 10, currency: 'EUR' } } });
    await repo.save('Bancontact', 'B', { transaction: { paymentMethod: ['BNCT'] } });
    const { templates, problems } = await repo.list();
    expect(problems).toEqual([]);
    expect(templates.map((t) => [t.name, t.variant])).toEqual([
      ['Bancontact', 'B'],
      ['MB WAY 10', 'A'],
    ]);
    expect(templates[1]?.body).toEqual({ transaction: { amount: { value: 10, currency: 'EUR' } } });
  });

  it('saving under an existing name replaces that template', async () => {
    const repo = templateRepository(db);
    const first = await repo.save('Same', 'A', { v: 1 });
    const second = await repo.save('  Same ', 'A', { v: 2 });
    expect(second.id).toBe(first.id);
    const { templates } = await repo.list();
    expect(templates).toHaveLength(1);
    expect(templates[0]?.body).toEqual({ v: 2 });
  });

  it('never stores a card number beyond BIN + last 4, nor a CVV', async () => {
    const repo = templateRepository(db);
    await repo.save('Card test', 'A', {
      extendedInfo: [
        { key: 'pan', value: '4000 0566 5566 5556' },
        { key: 'cvv', value: '737' },
      ],
    });
    const stored = JSON.stringify(await db.templates.toArray());
    expect(stored).not.toMatch(/4000 ?0566 ?5566 ?5556/);
    expect(stored).not.toContain('737');
    expect(stored).toContain('400005');
    expect(stored).toContain('5556');
  });

  it('refuses an empty name', async () => {
    await expect(templateRepository(db).save('  ', 'A', {})).rejects.toThrow('A template needs a name.');
  });

  it('reports a row that does not match instead of dropping it silently', async () => {
    await db.templates.put({ id: 'bad', name: 'Broken', updatedAt: 1, draft: { variant: 'C', body: 'x' } });
    const { templates, problems } = await templateRepository(db).list();
    expect(templates).toEqual([]);
    expect(problems).toEqual(['Template "Broken" could not be read and was skipped.']);
    expect(await db.templates.get('bad')).toBeDefined();
  });
});
