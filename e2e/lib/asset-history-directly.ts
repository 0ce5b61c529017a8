/**
 * Test setup only: `node --import tsx e2e/lib/asset-history-directly.ts <organization_id> <json>`
 * with the server's DATA_DIR (and DATABASE_URL when set) writes a space's daily asset values
 * (space_asset_days, what the admins' asset trend reads) straight into the database: `json` is
 * `[{"day":"YYYY-MM-DD","usd_value":"123.45"}, …]`. Run it while no server holds the embedded
 * database.
 */
import { sql } from 'kysely';
import { openConfiguredDatabase } from '../../apps/server/src/boot';
import { loadConfig } from '../../apps/server/src/config';

const [id, json] = process.argv.slice(2);
const days = JSON.parse(json!) as Array<{ day: string; usd_value: string }>;
const database = await openConfiguredDatabase(loadConfig());
try {
  for (const { day, usd_value } of days)
    await sql`
      insert into space_asset_days (organization_id, day, usd_value)
      values (${Number(id)}, ${day}::date, ${usd_value}::numeric)
      on conflict (organization_id, day) do update set usd_value = excluded.usd_value`.execute(database.db);
} finally {
  await database.close();
}
