import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BYTEA_CODEC } from './pglite-codec';
import { PreparedStatements, withPreparedStatements } from './pglite-statements';

/**
 * PGlite's queries as named prepared statements (pglite-statements.ts): every answer and error must
 * be the one PGlite's own query() gives, in and out of transactions, whatever the statements cache
 * holds.
 */
let pg: PGlite;
let plain: PGlite;
beforeAll(async () => {
  pg = withPreparedStatements(new PGlite(BYTEA_CODEC));
  plain = new PGlite(BYTEA_CODEC);
  for (const db of [pg, plain])
    await db.exec(`create table items (id int primary key, name text unique, data jsonb, blob bytea, at timestamptz, day date);
      insert into items values (1, 'one', '{"a": 1}', '\\x0102', '2026-12-01 07:00:00+00', '2026-12-01'), (2, 'two', null, null, null, null)`);
}, 60_000);
afterAll(async () => {
  await pg.close();
  await plain.close();
});

describe('PGlite queries as prepared statements', () => {
  it('answers what PGlite answers, the first time, once prepared and ever after, in both row modes', async () => {
    for (const rowMode of ['object', 'array'] as const)
      for (let i = 0; i < 4; i++)
        for (const id of [1, 2, 3])
          expect(await pg.query('select id, name, data, blob, at, day from items where id = $1', [id], { rowMode })).toEqual(
            await plain.query('select id, name, data, blob, at, day from items where id = $1', [id], { rowMode }),
          );
  });

  it('writes parameters as PGlite does (null, bytea, json, dates) and counts affected rows', async () => {
    for (let i = 0; i < 3; i++)
      for (const db of [pg, plain]) {
        const written = await db.query('insert into items (id, name, data, blob, at) values ($1, $2, $3, $4, $5) returning id, blob', [
          10 + i,
          null,
          { b: [1, 2] },
          new Uint8Array([7, 8]),
          new Date('2026-12-02T08:00:00Z'),
        ]);
        expect(written.rows).toEqual([{ id: 10 + i, blob: Buffer.from([7, 8]) }]);
        expect(written.affectedRows).toBe(1);
        expect((await db.query('update items set name = $1 where id >= $2', ['x', 100])).affectedRows).toBe(0);
        await db.query('delete from items where id = $1', [10 + i]);
      }
  });

  it('keeps PostgreSQL’s errors (23505: a unique key taken) and goes on answering with the statement', async () => {
    for (let i = 0; i < 3; i++) {
      const err = await pg.query('insert into items (id, name) values ($1, $2)', [20 + i, 'one']).then(
        () => null,
        (e: unknown) => e as { code?: string; message: string },
      );
      expect(err?.code).toBe('23505');
      expect((await pg.query('select name from items where id = $1', [1])).rows).toEqual([{ name: 'one' }]);
    }
  });

  it('runs in the transaction it is asked in: rolled back with it, committed with it', async () => {
    for (let i = 0; i < 3; i++) {
      let seenInside: unknown;
      await expect(
        pg.transaction(async (tx) => {
          await tx.query('insert into items (id, name) values ($1, $2)', [30 + i, `t${i}`]);
          seenInside = (await tx.query('select count(*)::int as n from items where id = $1', [30 + i])).rows;
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      expect(seenInside).toEqual([{ n: 1 }]);
      expect((await pg.query('select count(*)::int as n from items where id = $1', [30 + i])).rows).toEqual([{ n: 0 }]);
      await pg.transaction((tx) => tx.query('insert into items (id, name) values ($1, $2)', [40 + i, `c${i}`]));
      expect((await pg.query('select name from items where id = $1', [40 + i])).rows).toEqual([{ name: `c${i}` }]);
    }
  });

  it('answers right with more texts than it keeps, and after a schema change alters what a statement returns', async () => {
    const small = new PreparedStatements(pg, pg.query.bind(pg), 2);
    for (let round = 0; round < 3; round++)
      for (const column of ['id', 'name', 'data', 'day'])
        expect((await small.query(`select ${column} as v from items where id = $1`, [1], undefined, null)).rows).toEqual(
          (await plain.query(`select ${column} as v from items where id = $1`, [1])).rows,
        );
    for (let i = 0; i < 3; i++) await pg.query('select day from items where id = $1', [1]);
    // As a query, not exec: the statements are not forgotten, PostgreSQL refuses the prepared one.
    await pg.query('alter table items alter column day type text');
    expect((await pg.query('select day from items where id = $1', [1])).rows).toEqual([{ day: '2026-12-01' }]);
    await pg.exec('alter table items alter column day type date using day::date');
    expect((await pg.query('select day from items where id = $1', [1])).rows).toEqual([{ day: new Date('2026-12-01T00:00:00Z') }]);
  });
});
