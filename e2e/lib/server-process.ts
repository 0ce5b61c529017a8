import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  baseURL: string;
  /** The devnet's JSON-RPC URL (written by the devnet into the data directory). */
  devnetRpcUrl: string;
  output: () => string;
  /** Resolves with the signal or exit code once the process is gone. */
  exited: Promise<NodeJS.Signals | number | null>;
  stop: () => Promise<void>;
}

/**
 * Starts the real server (apps/server/src/main.ts) on a free port with the given data directory
 * and its own EVM devnet, and waits until it answers. It serves the already built web app.
 */
export async function startServerProcess(
  dataDir: string,
  extraEnv: Record<string, string> = {},
): Promise<ServerProcess> {
  const port = await freePort();
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
      DEVNET: 'on',
      DEVNET_PORT: '0',
      // The test Safe App (lib/safe-app-server.ts) runs on 127.0.0.1 at a free port: /dapp may frame it.
      DAPP_FRAME_ORIGINS: 'http://127.0.0.1:*',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code)),
  );
  const baseURL = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(
        `The server exited early (${child.exitCode ?? child.signalCode}):\n${output.slice(-4000)}`,
      );
    if (Date.now() > deadline)
      throw new Error(`The server did not answer within 90 s:\n${output.slice(-4000)}`);
    try {
      if ((await fetch(`${baseURL}/api/v1/language`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const devnetState = JSON.parse(fs.readFileSync(path.join(dataDir, 'devnet/evm/devnet.json'), 'utf8')) as {
    rpcUrl: string;
  };
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { child, baseURL, devnetRpcUrl: devnetState.rpcUrl, output: () => output, exited, stop };
}
