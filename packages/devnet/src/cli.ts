// Runs the local chains by hand:
//   npx tsx packages/devnet/src/cli.ts [--data-dir ./data] [--port 8545] [--verbose]
// Ctrl-C stops both.
import { parseArgs } from 'node:util';
import { startEvmDevnet } from './evm-devnet';
import { startLitecoinRegtest, type LitecoinRegtest } from './litecoin-regtest';
import type { EvmDevnet } from './types';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string', default: './data' },
    port: { type: 'string', default: '8545' },
    'litecoin-port': { type: 'string', default: '0' },
    verbose: { type: 'boolean', default: false },
  },
});
const dataDir = values['data-dir'];
const log = values.verbose ? (line: string) => console.log(`  ${line}`) : undefined;

let evm: EvmDevnet | undefined;
let litecoin: LitecoinRegtest | null = null;
let stopping = false;

async function shutdown(code: number): Promise<void> {
  if (stopping) return;
  stopping = true;
  console.log('\nstopping…');
  await Promise.allSettled([evm?.stop(), litecoin?.stop()]);
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

try {
  const started = performance.now();
  evm = await startEvmDevnet({ dataDir, port: Number(values.port), log });
  console.log(
    `EVM devnet (chain id ${evm.chainId}) at ${evm.rpcUrl} — ready in ${Math.round(performance.now() - started)} ms`,
  );
  for (const [name, address] of Object.entries(evm.contracts)) console.log(`  ${name.padEnd(30)} ${address}`);
  console.log('  test accounts (well-known keys, dev only):');
  for (const account of evm.accounts.slice(0, 3))
    console.log(`    ${account.address}  ${account.privateKey}`);

  litecoin = await startLitecoinRegtest({ dataDir, port: Number(values['litecoin-port']), log });
  if (litecoin) {
    const height = await litecoin.rpc('getblockcount');
    console.log(
      `Litecoin regtest at ${litecoin.rpcUrl} (user ${litecoin.rpcUser}, password in ${litecoin.dataDir}/devnet-rpc.json), height ${String(height)}`,
    );
  } else {
    console.log('Litecoin regtest: litecoind not on PATH, skipped');
  }
  console.log(`data in ${dataDir}; Ctrl-C to stop`);
  // Keep the process alive until a signal arrives (the children are unref'd).
  setInterval(() => undefined, 1 << 30);
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  await shutdown(1);
}
