import { benchHttp } from './http-baseline';
import { benchSpaceLists } from './space-lists';
import { benchWalletList } from './wallet-list';
import { benchStartup } from './startup';
import { benchLifecycles, benchTransferList, benchTransfers } from './transfers';
import { benchLoginBundle } from './web-size';
import { benchPsbt } from './psbt';
import { benchBatch } from './batch';
import { benchAssets } from './assets';
import { benchRecovery } from './recovery';
import { benchPolicy } from './policy';

/**
 * `npm run bench`: prints figures and ratios. Each part is independent; pass names to run some:
 * `npm run bench -- startup web http`.
 */
const parts: Record<string, () => Promise<void>> = {
  startup: benchStartup,
  web: benchLoginBundle,
  http: benchHttp,
  spaces: benchSpaceLists,
  wallets: benchWalletList,
  transfers: benchTransfers,
  'transfer-lifecycle': benchLifecycles,
  'transfer-list': benchTransferList,
  psbt: benchPsbt,
  batch: benchBatch,
  assets: benchAssets,
  recovery: benchRecovery,
  policy: benchPolicy,
};
const chosen = process.argv.slice(2).filter((name) => name in parts);
for (const name of chosen.length ? chosen : Object.keys(parts)) await parts[name]!();
