import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** JSON-RPC URL of the server's EVM devnet (chain 31337), for the tests' injected wallet. */
    devnetRpcUrl: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitForReady(url: string, child: ChildProcess, log: () => string): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited early (${child.exitCode}):\n${log()}`);
    try {
      const response = await fetch(`${url}/api/v1/language`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server did not answer within 90 s:\n${log()}`);
}

/**
 * Starts ONE API server (serving the already built apps/web/dist) on a free port with a
 * throw-away data directory, and stops it after the run. It builds nothing.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is not built: run `npm run build -w @keystead/web` first.');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keystead-e2e-'));
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'development',
      LOG_LEVEL: 'warn',
      // Each browser context and API session presents its own client address (x-forwarded-for),
      // so the per-IP limits (captchas 10/min, logins 30/15 min) apply per test, not to the whole run.
      TRUST_PROXY: 'true',
      // The wallet tests need the EVM devnet (chain 31337) on a free port.
      DEVNET: 'on',
      DEVNET_PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  await waitForReady(baseURL, child, () => output.slice(-4000));
  project.provide('baseURL', baseURL);
  // The devnet writes its last RPC URL here (packages/devnet README); the browser never sees it.
  const devnetState = JSON.parse(fs.readFileSync(path.join(dataDir, 'devnet/evm/devnet.json'), 'utf8')) as { rpcUrl: string };
  project.provide('devnetRpcUrl', devnetState.rpcUrl);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => {
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        resolve(undefined);
      }, 10_000);
      child.once('exit', () => {
        clearTimeout(timer);
        resolve(undefined);
      });
    });
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
