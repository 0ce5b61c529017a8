// Parent side of the EVM devnet: forks the Hardhat node child process and waits until it serves.
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { hardhatAccounts } from './hardhat-accounts';
import type { ChildMessage, ParentMessage } from './evm/ipc-messages';
import type { EvmDevnet, StartEvmDevnetOptions } from './types';

const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 10_000;

/** Extra facts about a start, for logs and benchmarks. */
export interface EvmDevnetStartInfo {
  /** Process id of the node child. */
  pid: number;
  startupMs: number;
  replayed: number;
  diverged: number;
}

export async function startEvmDevnet(
  opts: StartEvmDevnetOptions,
): Promise<EvmDevnet & { startInfo: EvmDevnetStartInfo }> {
  const started = performance.now();
  const recent: string[] = [];
  const log = (line: string) => {
    recent.push(line);
    if (recent.length > 40) recent.shift();
    opts.log?.(line);
  };

  const entry = nodeProcessEntry();
  const child = fork(entry.file, [], {
    execArgv: entry.execArgv,
    env: { ...process.env, DEVNET_DATA_DIR: resolve(opts.dataDir), DEVNET_PORT: String(opts.port ?? 0) },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  for (const stream of [child.stdout, child.stderr]) {
    if (stream) createInterface({ input: stream }).on('line', log);
  }
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  // Derive the test accounts (~150 ms of PBKDF2) while the child boots.
  const accounts = hardhatAccounts(10);

  let ready: Extract<ChildMessage, { type: 'ready' }>;
  try {
    ready = await waitForReady(child, exited);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    const tail = recent.length ? `\n${recent.join('\n')}` : '';
    throw new Error(`EVM devnet failed to start: ${(error as Error).message}${tail}`);
  }
  // Detach from the event loop once ready: a forgotten stop() must not keep Node alive
  // (the child exits by itself when its IPC channel closes).
  child.unref();
  child.channel?.unref();
  // Piped stdio are sockets; unref them too or they hold the event loop.
  for (const stream of [child.stdout, child.stderr]) (stream as Socket | null)?.unref();

  let stopped: Promise<void> | undefined;
  return {
    rpcUrl: `http://127.0.0.1:${ready.port}`,
    chainId: 31337,
    contracts: ready.contracts,
    accounts,
    startInfo: {
      pid: child.pid ?? 0,
      startupMs: Math.round(performance.now() - started),
      replayed: ready.replayed,
      diverged: ready.diverged,
    },
    stop: () => (stopped ??= stopChild(child, exited)),
  };
}

function waitForReady(
  child: ChildProcess,
  exited: Promise<void>,
): Promise<Extract<ChildMessage, { type: 'ready' }>> {
  return new Promise((resolveReady, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`not ready after ${START_TIMEOUT_MS} ms`)),
      START_TIMEOUT_MS,
    );
    const onMessage = (message: ChildMessage) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      if (message.type === 'ready') resolveReady(message);
      else reject(new Error(message.message));
    };
    child.on('message', onMessage);
    void exited.then(() => {
      clearTimeout(timer);
      reject(new Error(`node process exited (code ${child.exitCode}, signal ${child.signalCode})`));
    });
  });
}

async function stopChild(child: ChildProcess, exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  // Ctrl-C reaches the whole process group: the node may be closing its channel right now, and a
  // send into a closed pipe is EPIPE. The callback takes that error (no unhandled 'error' event).
  if (child.connected)
    child.send({ type: 'stop' } satisfies ParentMessage, (error) => {
      if (error) child.kill('SIGTERM');
    });
  else child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/**
 * The node child's entry point. From the sources it is TypeScript too, run through tsx (the
 * workspace's TS runner); from the compiled server (this code bundled into a .js file) it is the
 * compiled `evm-devnet-node.js` beside the bundle (see apps/server/scripts/build.ts).
 */
function nodeProcessEntry(): { file: string; execArgv: string[] } {
  if (!import.meta.url.endsWith('.ts')) {
    return { file: fileURLToPath(new URL('./evm-devnet-node.js', import.meta.url)), execArgv: [] };
  }
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return {
    file: fileURLToPath(new URL('./evm/node-process.ts', import.meta.url)),
    execArgv: ['--import', tsx],
  };
}
