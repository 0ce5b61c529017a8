import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle } from './database';
import { LockId } from '../jobs/lock-ids';
import { SERVER_DIR } from '../lib/server-dir';

const MIGRATIONS_DIR = path.join(SERVER_DIR, 'src/db/migrations');
/** Every process that migrates takes the same advisory lock (its id is in the registry). */
const MIGRATION_LOCK_ID = LockId.Migrations;

export interface MigrationFile {
  version: string;
  name: string;
  sql: string;
}

export function readMigrations(dir = MIGRATIONS_DIR): MigrationFile[] {
  return fs
    .readdirSync(dir)
    .filter((file) => /^\d{4}_[a-z0-9_-]+\.sql$/.test(file))
    .sort()
    .map((file) => ({
      version: file.slice(0, 4),
      name: file,
      sql: fs.readFileSync(path.join(dir, file), 'utf8'),
    }));
}

/**
 * Applies the migrations not applied yet, each in its own transaction, under one advisory
 * lock held on one connection, so several processes starting at once apply each exactly once.
 */
export async function migrate(handle: DatabaseHandle, migrations = readMigrations()): Promise<string[]> {
  return handle.withConnection(async (query) => {
    const applied: string[] = [];
    await query(`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
    try {
      await query(
        `create table if not exists schema_migrations (version text primary key, name text not null, applied_at timestamptz not null default now())`,
      );
      const done = new Set(
        (await query('select version from schema_migrations')).map((row) => String(row.version)),
      );
      for (const migration of migrations) {
        if (done.has(migration.version)) continue;
        const escapedName = migration.name.replace(/'/g, "''");
        try {
          await query(
            `begin;\n${migration.sql}\n;insert into schema_migrations (version, name) values ('${migration.version}', '${escapedName}');\ncommit;`,
          );
        } catch (error) {
          await query('rollback').catch(() => undefined);
          throw new Error(`migration ${migration.name} failed: ${(error as Error).message}`);
        }
        applied.push(migration.name);
      }
    } finally {
      await query(`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
    }
    return applied;
  });
}
