import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database';
import { migrate, readMigrations } from './migrate';

describe('migrations', () => {
  it('apply once and are idempotent', async () => {
    const handle = await openDatabase({ pgliteDir: 'memory://' });
    try {
      const first = await migrate(handle);
      expect(first).toEqual(readMigrations().map((m) => m.name));
      expect(await migrate(handle)).toEqual([]);
    } finally {
      await handle.close();
    }
  });

  it.runIf(process.env.DATABASE_URL)(
    'are applied exactly once when several processes start at the same moment',
    async () => {
      const url = process.env.DATABASE_URL!;
      const schema = `t_mig_${randomBytes(5).toString('hex')}`;
      const handles = await Promise.all([1, 2, 3, 4].map(() => openDatabase({ url, schema, poolSize: 2 })));
      try {
        const results = await Promise.all(handles.map((handle) => migrate(handle)));
        const applied = results.flat();
        expect(applied.sort()).toEqual(
          readMigrations()
            .map((m) => m.name)
            .sort(),
        );
      } finally {
        await Promise.all(handles.map((handle) => handle.close()));
        const admin = new pg.Client({ connectionString: url });
        await admin.connect();
        await admin.query(`drop schema "${schema}" cascade`);
        await admin.end();
      }
    },
  );

  it('roll back a failing migration completely', async () => {
    const handle = await openDatabase({ pgliteDir: 'memory://' });
    try {
      await expect(
        migrate(handle, [
          {
            version: '9001',
            name: '9001_broken.sql',
            sql: 'create table half_done (id int); select * from no_such_table;',
          },
        ]),
      ).rejects.toThrow(/9001_broken/);
      const rows = await handle.db.selectFrom('schema_migrations').select('version').execute();
      expect(rows).toEqual([]);
      await expect(handle.exec('select * from half_done')).rejects.toThrow();
    } finally {
      await handle.close();
    }
  });
});
