import fs from 'node:fs';
import path from 'node:path';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw multi-statement SQL (migrations). */
  exec(sqlText: string): Promise<void>;
  /** Runs `work` on one dedicated connection (session-level locks need that). */
  withConnection<T>(
    work: (query: (sqlText: string) => Promise<Array<Record<string, unknown>>>) => Promise<T>,
  ): Promise<T>;
  /** Subscribes to a NOTIFY channel; returns the unsubscribe function. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** PostgreSQL server URL; without it the embedded PGlite is used. */
  url?: string;
  /** Schema to use on the server (tests make a fresh one per run). */
  schema?: string;
  /** Where PGlite keeps its files; `memory://` keeps nothing. */
  pgliteDir?: string;
  poolSize?: number;
}

// int8 columns (ids, counts) come back as numbers on both engines; numeric stays a string
// so amounts never lose precision.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.url
    ? openPostgres(options.url, options.schema, options.poolSize ?? 10)
    : openPGlite(options.pgliteDir ?? 'memory://');
}

async function openPostgres(
  url: string,
  schema: string | undefined,
  poolSize: number,
): Promise<DatabaseHandle> {
  if (schema) {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      await admin.query(`create schema if not exists "${schema}"`);
    } catch (error) {
      // Two processes creating the same schema at once: one wins, the other may see a duplicate.
      if (!['23505', '42P06'].includes((error as { code?: string }).code ?? '')) throw error;
    } finally {
      await admin.end();
    }
  }
  const connection = { connectionString: url, ...(schema ? { options: `-c search_path="${schema}"` } : {}) };
  const pool = new pg.Pool({ ...connection, max: poolSize });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const listeners: pg.Client[] = [];
  return {
    db,
    kind: 'postgres',
    async exec(sqlText) {
      await pool.query(sqlText);
    },
    async withConnection(work) {
      const client = await pool.connect();
      try {
        return await work(async (sqlText) => (await client.query(sqlText)).rows);
      } finally {
        client.release();
      }
    },
    async listen(channel, onPayload) {
      const client = new pg.Client(connection);
      await client.connect();
      client.on('notification', (message) => {
        if (message.channel === channel) onPayload(message.payload ?? '');
      });
      await client.query(`listen "${channel}"`);
      listeners.push(client);
      return async () => {
        listeners.splice(listeners.indexOf(client), 1);
        await client.end();
      };
    },
    async close() {
      await Promise.all(listeners.map((client) => client.end()));
      await db.destroy();
    },
  };
}

async function openPGlite(dir: string): Promise<DatabaseHandle> {
  if (!dir.startsWith('memory://')) fs.mkdirSync(path.dirname(dir), { recursive: true });
  const pglite = await PGlite.create(dir, {
    parsers: { [pgliteTypes.INT8]: (value: string) => Number(value) },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return {
    db,
    kind: 'pglite',
    async exec(sqlText) {
      await pglite.exec(sqlText);
    },
    async withConnection(work) {
      // Hold Kysely's single connection so no other query interleaves.
      return db.connection().execute(() =>
        work(async (sqlText) => {
          const results = await pglite.exec(sqlText);
          return (results.at(-1)?.rows ?? []) as Array<Record<string, unknown>>;
        }),
      );
    },
    async listen(channel, onPayload) {
      return pglite.listen(channel, onPayload);
    },
    async close() {
      await db.destroy();
      await pglite.close();
    },
  };
}

/** True when the database answers a trivial query. */
export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
