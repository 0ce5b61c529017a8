import { setPlanInput } from '@keystead/contract';
import { ConfigError, loadConfig } from '../config';
import { openConfiguredDatabase } from '../boot';
import { setAuditKey, writeAudit } from '../modules/audit/audit.service';
import { sealPending } from '../modules/audit/audit-sealer';

/**
 * `npm run space:plan -- <organization_id> <free|plus|enterprise> <months>`: the operator's
 * way to set a space's plan until payments exist. It needs shell access to the server, which is
 * exactly who should hold that power; it is audited in the space's chain.
 */
async function main(): Promise<void> {
  const [id, plan, months] = process.argv.slice(2);
  const parsed = setPlanInput.safeParse({ organization_id: Number(id), plan, months: Number(months ?? 12) });
  if (!parsed.success) {
    console.error('usage: npm run space:plan -- <organization_id> <free|plus|enterprise> <months>');
    process.exit(2);
  }
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }
  setAuditKey(config.auditKey);
  const database = await openConfiguredDatabase(config);
  try {
    const { organization_id, plan: name, months: count } = parsed.data;
    const expires = name === 'free' ? null : new Date(Date.now() + count * 30 * 86_400_000);
    await database.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable('organizations')
        .set({ plan: name, plan_expires_at: expires, updated_at: new Date() })
        .where('id', '=', organization_id)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) throw new Error(`no space with id ${organization_id}`);
      await writeAudit(trx, {
        organizationId: organization_id,
        userId: null,
        type: 'organization',
        operation: 'plan_set',
        content: { plan: name, months: count, by: 'operator-cli' },
      });
    });
    // No server may be running to seal the row (on PostgreSQL a running one would, woken by it).
    await sealPending(database.db, config.auditKey);
    console.log(`space ${organization_id}: plan ${name}${expires ? ` until ${expires.toISOString()}` : ''}`);
  } finally {
    await database.close();
  }
}

void main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
