// Entry point of the EVM devnet child process (started by startEvmDevnet through an IPC fork):
// keeps Hardhat's memory out of the API server. Talks to its parent with IPC messages.
import { mkdirSync, writeFileSync, renameSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { DevnetContracts } from '../types';
import { ensureDeployed } from './deploy';
import { acquireDataDirLock } from './data-dir-lock';
import { JOURNAL_VERSION, JournalWriter, readJournal, type JournalHeader } from './journal';
import { JournaledProvider, type Eip1193 } from './journaled-provider';
import { closeRpcServer, startRpcServer } from './rpc-server';
import type { ChildMessage, ParentMessage } from './ipc-messages';

const require = createRequire(import.meta.url);
// Hardhat 2 has no public "provider without a project" API; these two internals are what its
// own `hardhat node` task uses to build the in-process Hardhat Network provider.
const { resolveConfig } = require('hardhat/internal/core/config/config-resolution') as {
  resolveConfig(path: string, userConfig: object): object;
};
const { createProvider } = require('hardhat/internal/core/providers/construction') as {
  createProvider(config: object, networkName: string): Promise<Eip1193>;
};
const hardhatVersion = (require('hardhat/package.json') as { version: string }).version;

const send = (message: ChildMessage) => process.send?.(message);
const log = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<void> {
  const started = performance.now();
  const dataDir = process.env.DEVNET_DATA_DIR;
  const port = Number(process.env.DEVNET_PORT ?? '0');
  if (!dataDir) throw new Error('DEVNET_DATA_DIR is not set');
  const evmDir = join(dataDir, 'evm');
  mkdirSync(evmDir, { recursive: true });
  const releaseLock = acquireDataDirLock(join(evmDir, 'devnet.lock'));

  const journalPath = join(evmDir, 'journal.ndjson');
  const existing = readJournal(journalPath);
  const header: JournalHeader = existing?.header ?? {
    kind: 'header',
    version: JOURNAL_VERSION,
    chainId: 31337,
    // Whole seconds: the genesis block (and so every block hash) depends on it.
    initialDate: new Date(Math.floor(Date.now() / 1000) * 1000).toISOString(),
    hardhatVersion,
    createdAt: new Date().toISOString(),
  };
  if (existing && header.hardhatVersion !== hardhatVersion) {
    log(`warning: journal written by Hardhat ${header.hardhatVersion}, replaying on ${hardhatVersion}`);
  }

  // No config file: the user config is given inline (the path only anchors project paths).
  const config = resolveConfig(fileURLToPath(import.meta.url), {
    networks: {
      hardhat: {
        chainId: 31337,
        initialDate: header.initialDate,
        // Like a real node: a reverted transaction is mined with status 0 instead of an RPC error.
        throwOnTransactionFailures: false,
        throwOnCallFailures: true,
        gas: 'auto',
        loggingEnabled: false,
      },
    },
  });
  const provider = new JournaledProvider(await createProvider(config, 'hardhat'), undefined, log);

  let diverged = 0;
  if (existing) {
    diverged = await provider.replay(existing.entries);
    log(`replayed ${existing.entries.length} journal entries (${diverged} diverged)`);
  }
  const journal = new JournalWriter(journalPath);
  if (!existing) journal.append(header);
  provider.attachJournal(journal);
  const contracts = await ensureDeployed(provider, log);

  const server = await startRpcServer((method, params) => provider.request(method, params), port);
  const rpcUrl = `http://127.0.0.1:${server.port}`;
  writeStateFile(join(evmDir, 'devnet.json'), {
    chainId: 31337,
    rpcUrl,
    contracts,
    initialDate: header.initialDate,
    pid: process.pid,
  });

  let stopping = false;
  const shutdown = async (code: number) => {
    if (stopping) return;
    stopping = true;
    await closeRpcServer(server.server);
    journal.close();
    releaseLock();
    process.exit(code);
  };
  process.on('message', (message: ParentMessage) => {
    if (message.type === 'stop') void shutdown(0);
  });
  // The parent died or dropped us: never linger as an orphan.
  process.on('disconnect', () => void shutdown(0));
  process.on('SIGTERM', () => void shutdown(0));
  process.on('SIGINT', () => void shutdown(0));

  const startupMs = Math.round(performance.now() - started);
  log(
    `EVM devnet ready at ${rpcUrl} in ${startupMs} ms, process up ${Math.round(process.uptime() * 1000)} ms (${existing ? `replayed ${existing.entries.length} entries` : 'fresh deploy'})`,
  );
  send({
    type: 'ready',
    port: server.port,
    contracts,
    replayed: existing?.entries.length ?? 0,
    diverged,
    startupMs,
  });
}

function writeStateFile(
  path: string,
  state: { chainId: number; rpcUrl: string; contracts: DevnetContracts; initialDate: string; pid: number },
): void {
  // Write-then-rename: a reader never sees half a file.
  writeFileSync(
    `${path}.tmp`,
    JSON.stringify({ ...state, updatedAt: new Date().toISOString() }, null, 2) + '\n',
  );
  renameSync(`${path}.tmp`, path);
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
  process.stderr.write(`${message}\n`);
  send({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  // Let the IPC message flush before exiting.
  setTimeout(() => process.exit(1), 50);
});
