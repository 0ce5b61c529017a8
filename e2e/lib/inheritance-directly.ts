/**
 * Test setup only: with the server's DATA_DIR (and DATABASE_URL when set), writes straight into the
 * database what no API sets for family inheritance. Run it while no server holds the embedded database.
 *   node --import tsx e2e/lib/inheritance-directly.ts family <organization_id>
 *     makes the space a family space (kind 2), its wallets common wallets (family type 4);
 *   node --import tsx e2e/lib/inheritance-directly.ts away <user_id> <days>
 *     moves every session's last sign-in of the user `days` days back.
 */
import { openConfiguredDatabase } from '../../apps/server/src/boot';
import { loadConfig } from '../../apps/server/src/config';

const [what, id, days] = process.argv.slice(2);
const database = await openConfiguredDatabase(loadConfig());
try {
  if (what === 'family') {
    const result = await database.db
      .updateTable('organizations')
      .set({ kind: 2, updated_at: new Date() })
      .where('id', '=', Number(id))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw new Error(`no space with id ${id}`);
    // Its wallets become common wallets, as migration 0034 made those of existing family spaces.
    await database.db
      .updateTable('wallets')
      .set({ family_address_type: 4 })
      .where('organization_id', '=', Number(id))
      .execute();
  } else if (what === 'away') {
    const result = await database.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - Number(days) * 86_400_000) })
      .where('user_id', '=', Number(id))
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) < 1) throw new Error(`no session of user ${id}`);
  } else throw new Error(`unknown step ${what}`);
} finally {
  await database.close();
}
