import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Claims the lease of job `name` for `leaseMs`: true when `holder` got it, false while another
 * holder's lease runs. One atomic statement on the database's clock (`now()`), so it is safe
 * across processes and machines, on PostgreSQL and PGlite alike: the first claim inserts the
 * row; later ones take it over only once `leased_until` has passed. An expired lease is free
 * whoever held it, so a crashed process holds nothing for longer than one lease.
 */
export async function claimJob(
  db: Kysely<Database>,
  name: string,
  holder: string,
  leaseMs: number,
): Promise<boolean> {
  const ms = Math.max(1, Math.round(leaseMs));
  const { rows } = await sql<{ name: string }>`
    insert into job_leases (name, holder, leased_until)
    values (${name}, ${holder}, now() + ${ms}::integer * interval '1 millisecond')
    on conflict (name) do update
      set holder = excluded.holder, leased_until = excluded.leased_until
      where job_leases.leased_until <= now()
    returning name`.execute(db);
  return rows.length === 1;
}

/**
 * Extends a lease `holder` still holds to `leaseMs` from now (a run that outlasts its lease
 * keeps it). False when another holder has taken the job over in the meantime.
 */
export async function renewJob(
  db: Kysely<Database>,
  name: string,
  holder: string,
  leaseMs: number,
): Promise<boolean> {
  const ms = Math.max(1, Math.round(leaseMs));
  const renewed = await db
    .updateTable('job_leases')
    .set({ leased_until: sql<Date>`now() + ${ms}::integer * interval '1 millisecond'` })
    .where('name', '=', name)
    .where('holder', '=', holder)
    .executeTakeFirst();
  return Number(renewed.numUpdatedRows) === 1;
}
