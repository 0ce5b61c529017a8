// Litecoin Core regtest launcher: real script validation for the Bitcoin-family adapter.
// The chain lives in `${dataDir}/litecoin/regtest`, so it survives restarts with the app's data.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { join, resolve } from 'node:path';
import { freePort } from './free-port';

const LITECOIND = 'litecoind';
const READY_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 30_000;

export interface StartLitecoinRegtestOptions {
  /** The app's data directory; the node's data dir is `${dataDir}/litecoin`. */
  dataDir: string;
  /** RPC port on 127.0.0.1; 0 or absent picks a free one. */
  port?: number;
  /** Receives the daemon's console lines. */
  log?: (line: string) => void;
}

export interface LitecoinRpcOptions {
  /** Send to a loaded wallet's endpoint (`/wallet/<name>`). */
  wallet?: string;
}

export interface LitecoinRegtest {
  rpcUrl: string;
  rpcUser: string;
  rpcPassword: string;
  /** Absolute path of the node's data dir. */
  dataDir: string;
  /** Process id of litecoind. */
  pid: number;
  rpc(method: string, params?: unknown[], opts?: LitecoinRpcOptions): Promise<unknown>;
  /** Loads the wallet, creating it on first use; returns its name. */
  ensureWallet(name?: string): Promise<string>;
  /** A fresh address of the wallet (bech32 by default). */
  newAddress(wallet?: string, type?: 'legacy' | 'p2sh-segwit' | 'bech32'): Promise<string>;
  /** Mines `count` blocks paying the coinbase to `address`; returns the block hashes. */
  mineBlocks(count: number, address: string): Promise<string[]>;
  stop(): Promise<void>;
}

/** Litecoin regtest buries CSV (BIP-68/112) and activates MWEB at this height. */
export const LITECOIN_REGTEST_CSV_HEIGHT = 432;

/** An RPC call on a Litecoin node, `wallet` naming the wallet endpoint where one is needed. */
export type LitecoinCall = (method: string, params: unknown[], wallet?: string) => Promise<unknown>;

/**
 * Mines a regtest chain past CSV/MWEB activation, paying `miner` (an address of `wallet`). The
 * first MWEB block needs a peg-in (else generatetoaddress fails for good: bad-txns-vin-empty), so
 * one is made just before it. From then on relative timelocks are consensus, not only policy.
 */
export async function passCsvActivation(call: LitecoinCall, wallet: string, miner: string): Promise<void> {
  const height = (await call('getblockcount', [])) as number;
  if (height >= LITECOIN_REGTEST_CSV_HEIGHT) return;
  await call('generatetoaddress', [LITECOIN_REGTEST_CSV_HEIGHT - 1 - height, miner]);
  const mweb = (await call('getnewaddress', ['', 'mweb'], wallet)) as string;
  await call('sendtoaddress', [mweb, 1], wallet);
  await call('generatetoaddress', [1, miner]);
}

/** passCsvActivation on a node this launcher started. */
export const mineToCsvActive = (node: LitecoinRegtest, wallet: string, miner: string): Promise<void> =>
  passCsvActivation((method, params, w) => node.rpc(method, params, w ? { wallet: w } : {}), wallet, miner);

export class LitecoinRpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly method: string,
  ) {
    super(`${method}: ${message} (code ${code})`);
  }
}

/** True when `litecoind` can be run from PATH. */
export function isLitecoindAvailable(): boolean {
  const probe = spawnSync(LITECOIND, ['-version'], { stdio: 'ignore' });
  return probe.error === undefined && probe.status === 0;
}

let setprivChecked: boolean | undefined;
function hasSetprivPdeathsig(): boolean {
  setprivChecked ??= /--pdeathsig/.test(spawnSync('setpriv', ['--help'], { encoding: 'utf8' }).stdout ?? '');
  return setprivChecked;
}

/** Starts `litecoind -regtest` on 127.0.0.1; resolves null when litecoind is not installed. */
export async function startLitecoinRegtest(
  opts: StartLitecoinRegtestOptions,
): Promise<LitecoinRegtest | null> {
  if (!isLitecoindAvailable()) return null;
  const nodeDir = resolve(opts.dataDir, 'litecoin');
  mkdirSync(nodeDir, { recursive: true });
  const credentials = loadOrCreateCredentials(nodeDir);

  // A free port can be taken between probing and binding: retry with fresh ports.
  let lastError: unknown;
  for (let attempt = 0; attempt < 3; attempt++) {
    const rpcPort = opts.port || (await freePort());
    const p2pPort = await freePort();
    try {
      return await launch(nodeDir, credentials, rpcPort, p2pPort, opts.log);
    } catch (error) {
      lastError = error;
      if (opts.port || !/unable to bind/i.test(String(error))) break;
    }
  }
  throw lastError;
}

interface Credentials {
  rpcUser: string;
  rpcPassword: string;
}

function loadOrCreateCredentials(nodeDir: string): Credentials {
  const path = join(nodeDir, 'devnet-rpc.json');
  if (existsSync(path)) return JSON.parse(readFileSync(path, 'utf8')) as Credentials;
  const credentials = { rpcUser: 'keystead', rpcPassword: randomBytes(24).toString('hex') };
  writeFileSync(path, JSON.stringify(credentials, null, 2) + '\n', { mode: 0o600 });
  return credentials;
}

async function launch(
  nodeDir: string,
  credentials: Credentials,
  rpcPort: number,
  p2pPort: number,
  log: ((line: string) => void) | undefined,
): Promise<LitecoinRegtest> {
  // Credentials go in a config file, not argv, so `ps` does not show the password.
  const confPath = join(nodeDir, 'litecoin.conf');
  writeFileSync(
    confPath,
    `# written by @keystead/devnet\nrpcuser=${credentials.rpcUser}\nrpcpassword=${credentials.rpcPassword}\n`,
    {
      mode: 0o600,
    },
  );
  const args = [
    '-regtest',
    `-datadir=${nodeDir}`,
    `-conf=${confPath}`,
    '-server=1',
    '-txindex=1',
    '-fallbackfee=0.0002',
    `-rpcport=${rpcPort}`,
    '-rpcbind=127.0.0.1',
    '-rpcallowip=127.0.0.1',
    // No inbound peers and no outbound discovery: the node talks to nobody but its RPC clients.
    '-listen=0',
    `-port=${p2pPort}`,
    '-dnsseed=0',
    '-discover=0',
    '-upnp=0',
    '-listenonion=0',
    '-printtoconsole=1',
  ];
  // setpriv (util-linux) sets PR_SET_PDEATHSIG before exec'ing litecoind: if this process dies
  // without stop() (SIGKILL, unhandled SIGTERM), the kernel sends litecoind SIGTERM, so no orphan.
  const [command, commandArgs] = hasSetprivPdeathsig()
    ? ['setpriv', ['--pdeathsig', 'TERM', '--', LITECOIND, ...args]]
    : [LITECOIND, args];
  const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
  const recent: string[] = [];
  const onLine = (chunk: Buffer) => {
    for (const line of chunk.toString('utf8').split('\n')) {
      if (!line) continue;
      recent.push(line);
      if (recent.length > 30) recent.shift();
      log?.(line);
    }
  };
  child.stdout?.on('data', onLine);
  child.stderr?.on('data', onLine);
  const exited = new Promise<void>((done) => child.once('exit', () => done()));
  // If the embedding process exits without stop(), take the daemon down with it.
  const killOnExit = () => child.kill('SIGTERM');
  process.once('exit', killOnExit);

  const rpcUrl = `http://127.0.0.1:${rpcPort}`;
  const rpc = makeRpc(rpcUrl, credentials);
  try {
    await waitForRpc(rpc, child);
  } catch (error) {
    child.kill('SIGKILL');
    await exited;
    process.off('exit', killOnExit);
    throw new Error(`litecoind failed to start: ${(error as Error).message}\n${recent.join('\n')}`);
  }
  child.unref();
  // Piped stdio are sockets; unref them too or they hold the event loop.
  for (const stream of [child.stdout, child.stderr]) (stream as Socket | null)?.unref();

  let stopped: Promise<void> | undefined;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      await rpc('stop').catch(() => child.kill('SIGTERM'));
      const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
      await exited;
      clearTimeout(timer);
    }
    process.off('exit', killOnExit);
  };

  const ensureWallet = async (name = 'default') => {
    const loaded = (await rpc('listwallets')) as string[];
    if (loaded.includes(name)) return name;
    try {
      await rpc('loadwallet', [name]);
    } catch (error) {
      // -18: no such wallet on disk yet.
      if (!(error instanceof LitecoinRpcError && error.code === -18)) throw error;
      await rpc('createwallet', [name]);
    }
    return name;
  };

  return {
    rpcUrl,
    rpcUser: credentials.rpcUser,
    rpcPassword: credentials.rpcPassword,
    dataDir: nodeDir,
    pid: child.pid ?? 0,
    rpc,
    ensureWallet,
    newAddress: async (wallet = 'default', type = 'bech32') =>
      (await rpc('getnewaddress', ['', type], { wallet })) as string,
    mineBlocks: async (count, address) => (await rpc('generatetoaddress', [count, address])) as string[],
    stop: () => (stopped ??= stop()),
  };
}

type Rpc = LitecoinRegtest['rpc'];

function makeRpc(rpcUrl: string, credentials: Credentials): Rpc {
  const auth = `${credentials.rpcUser}:${credentials.rpcPassword}`;
  let nextId = 1;
  return async (method, params = [], opts = {}) => {
    const url = opts.wallet === undefined ? rpcUrl : `${rpcUrl}/wallet/${encodeURIComponent(opts.wallet)}`;
    const payload = JSON.stringify({ jsonrpc: '1.0', id: nextId++, method, params });
    const { status, text } = await post(url, auth, payload);
    // Litecoin Core answers RPC errors with HTTP 404/500 and a JSON body; 401 has no body.
    if (status === 401) throw new LitecoinRpcError(-401, 'unauthorized', method);
    let body: { result?: unknown; error?: { code: number; message: string } | null };
    try {
      body = JSON.parse(text) as typeof body;
    } catch {
      throw new LitecoinRpcError(-status, text.trim() || `HTTP ${status}`, method);
    }
    if (body.error) throw new LitecoinRpcError(body.error.code, body.error.message, method);
    return body.result;
  };
}

/**
 * One connection per call (no keep-alive agent): an idle pooled connection would make
 * litecoind's shutdown wait for it to time out.
 */
function post(url: string, auth: string, payload: string): Promise<{ status: number; text: string }> {
  return new Promise((resolvePost, reject) => {
    const req = httpRequest(
      url,
      { method: 'POST', auth, agent: false, headers: { 'content-type': 'application/json' } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolvePost({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

async function waitForRpc(rpc: Rpc, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`litecoind exited (code ${child.exitCode}, signal ${child.signalCode})`);
    }
    try {
      await rpc('getblockchaininfo');
      return;
    } catch (error) {
      // Connection refused (not listening yet) or -28 (warming up): keep waiting.
      if (error instanceof LitecoinRpcError && error.code !== -28) throw error;
    }
    if (Date.now() > deadline) throw new Error(`RPC not ready after ${READY_TIMEOUT_MS} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
