import { ConfigError, loadConfig } from '../config';
import { openConfiguredDatabase } from '../boot';
import { verifyAuditChains } from '../modules/audit/audit-verify';

/** `npm run audit:verify`: walks every audit chain and reports the first broken link of each. */
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
    const report = await verifyAuditChains(database.db);
    console.log(`audit chains checked: ${report.chains}, rows: ${report.rows}`);
    for (const broken of report.broken) {
      console.log(`BROKEN ${broken.chain}: first bad row id ${broken.rowId} (${broken.reason})`);
    }
    if (report.broken.length === 0) console.log('all chains intact');
    process.exitCode = report.broken.length === 0 ? 0 : 1;
  } finally {
    await database.close();
  }
}

void main();
