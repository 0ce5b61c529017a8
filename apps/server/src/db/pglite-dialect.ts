import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
} from 'kysely';

/**
 * Kysely dialect for the embedded PGlite database. PGlite is one connection, so the driver
 * hands it out to one user at a time: a transaction holds it until commit or rollback.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
}

class PGliteDriver implements Driver {
  private queue: Promise<void> = Promise.resolve();
  private readonly connection: PGliteConnection;

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  /** Waits for the previous holder to release, like a pool of size one. */
  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    await previous;
    this.connection.release = release;
    return this.connection;
  }

  async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin'));
  }
  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as PGliteConnection).release?.();
  }
  async destroy(): Promise<void> {
    await this.queue;
  }
}

class PGliteConnection implements DatabaseConnection {
  release?: () => void;
  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters]);
    const affected = result.affectedRows;
    return {
      rows: result.rows,
      ...(affected !== undefined && /^\s*(insert|update|delete|merge)/i.test(compiledQuery.sql)
        ? { numAffectedRows: BigInt(affected) }
        : {}),
    };
  }

  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results');
  }
}
