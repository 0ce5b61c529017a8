import { ConfigError, loadConfig } from '../config';
import { openConfiguredDatabase } from '../boot';
import { verifyAuditChains } from '../modules/audit/audit-verify';

/**
 * `npm run audit:verify`: walks every audit chain with the key outside the database
 * (AUDIT_HMAC_KEY), checks each chain's signed checkpoint, and reports every broken row.
 * `--checkpoints` also prints each chain's signed head, to keep a copy outside the database.
 */
async function main(): Promise<void> {
  const config = (() => {
    try {
      return loadConfig();
    } catch (error) {
      if (error instanceof ConfigError) {
        console.error(error.message);
        process.exit(2);
      }
      throw error;
    }
  })();
  const database = await openConfiguredDatabase(config);
  try {
    const report = await verifyAuditChains(database.db, config.auditKey);
    console.log(`audit chains checked: ${report.chains}, rows: ${report.rows}`);
    for (const broken of report.broken) {
      console.log(`BROKEN ${broken.chain}: row id ${broken.rowId ?? '-'} (${broken.reason})`);
    }
    if (process.argv.includes('--checkpoints')) {
      for (const c of await database.db
        .selectFrom('audit_checkpoints')
        .selectAll()
        .orderBy('chain')
        .execute())
        console.log(JSON.stringify(c));
    }
    if (report.broken.length === 0) console.log('all chains intact');
    else console.log(`${report.broken.length} broken`);
    process.exitCode = report.broken.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

void main();
