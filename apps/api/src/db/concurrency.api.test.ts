import { describe, expect, it } from 'vitest';
import { inject } from '../test/inject.ts';
import { createDatabase } from './client.ts';

describe('the database under concurrent queries', () => {
  it('answers every parameterised query right when many connections ask different things at once', async () => {
    const database = createDatabase(inject('dbUrl'), 8);
    try {
      const asks = Array.from({ length: 300 }, (_, i) => {
        const kind = i % 3;
        if (kind === 0)
          return database.pool
            .query<{ v: number }>('SELECT $1::int + 1 AS v', [i])
            .then((r) => r.rows[0]?.v === i + 1);
        if (kind === 1)
          return database.pool
            .query<{ v: string }>('SELECT $1::text || $2::text || $3::text AS v', ['a', String(i), 'z'])
            .then((r) => r.rows[0]?.v === `a${i}z`);
        return database.pool
          .query<{ v: number }>('SELECT $1::int * $2::int + $3::int - $4::int AS v', [i, 2, 5, 5])
          .then((r) => r.rows[0]?.v === i * 2);
      });
      const answers = await Promise.all(asks);
      expect(answers.filter((ok) => !ok)).toHaveLength(0);
    } finally {
      await database.close();
    }
  });

  it('keeps a transaction to its own connection while others query', async () => {
    const database = createDatabase(inject('dbUrl'), 8);
    try {
      await database.pool.query('CREATE TABLE IF NOT EXISTS concurrency_probe (n int)');
      await database.pool.query('TRUNCATE concurrency_probe');
      const work = Array.from({ length: 40 }, (_, i) =>
        i % 2
          ? database.transaction(async (tx) => {
              await tx.client.query('INSERT INTO concurrency_probe VALUES ($1)', [i]);
              await tx.client.query('INSERT INTO concurrency_probe VALUES ($1)', [-i]);
            })
          : database.pool.query('SELECT count(*) FROM concurrency_probe WHERE n = $1', [i]),
      );
      await Promise.all(work);
      const { rows } = await database.pool.query<{ n: number; s: number }>(
        'SELECT count(*)::int AS n, sum(n)::int AS s FROM concurrency_probe',
      );
      expect(rows[0]).toEqual({ n: 40, s: 0 });
      await database.pool.query('DROP TABLE concurrency_probe');
    } finally {
      await database.close();
    }
  });
});

describe('transactions', () => {
  it('run after-commit work only once the transaction committed, and not at all on rollback', async () => {
    const database = createDatabase(inject('dbUrl'), 2);
    try {
      const seen: string[] = [];
      await database.transaction(async (tx) => {
        tx.afterCommit(() => seen.push('committed'));
        await tx.client.query('SELECT 1');
        expect(seen).toEqual([]);
      });
      expect(seen).toEqual(['committed']);
      await expect(
        database.transaction(async (tx) => {
          tx.afterCommit(() => seen.push('rolled back'));
          throw new Error('no');
        }),
      ).rejects.toThrow('no');
      expect(seen).toEqual(['committed']);
    } finally {
      await database.close();
    }
  });
});
