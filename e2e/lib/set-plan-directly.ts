/**
 * Test setup only: `node --import tsx e2e/lib/set-plan-directly.ts <organization_id> <plan> <ISO end|null>`
 * with the server's DATA_DIR (and DATABASE_URL when set) writes a space's plan and its end straight
 * into the database, e.g. a paid plan that ended yesterday. The operator's CLI (npm run space:plan)
 * sets only future ends. Run it while no server holds the embedded database.
 */
import { openConfiguredDatabase } from '../../apps/server/src/boot';
import { loadConfig } from '../../apps/server/src/config';

const [id, plan, end] = process.argv.slice(2);
const database = await openConfiguredDatabase(loadConfig());
try {
  const result = await database.db
    .updateTable('organizations')
    .set({
      plan: plan as 'free' | 'plus' | 'enterprise',
      plan_expires_at: end === 'null' ? null : new Date(end!),
      updated_at: new Date(),
    })
    .where('id', '=', Number(id))
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw new Error(`no space with id ${id}`);
} finally {
  await database.close();
}
