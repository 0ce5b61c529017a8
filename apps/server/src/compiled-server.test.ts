import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { SERVER_DIR } from './lib/server-dir';

const OUTDIR = `dist/test-${process.pid}`;

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

/**
 * What `npm start` runs: the bundle of scripts/build.ts under plain node (no tsx), with its own
 * devnet child (compiled too) and litecoind when installed, on PGlite or on a fresh schema of
 * DATABASE_URL. The rest of the suite runs the sources; this checks the bundle loads and finds its
 * files (migrations, the devnet's contracts, the web app).
 */
describe('the compiled server', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keystead-compiled-'));
  const databaseUrl = process.env.DATABASE_URL;
  const schema = databaseUrl ? `t_${randomBytes(6).toString('hex')}` : undefined;

  afterAll(async () => {
    fs.rmSync(path.join(SERVER_DIR, OUTDIR), { recursive: true, force: true });
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) {
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      await admin.query(`drop schema if exists "${schema}" cascade`);
      await admin.end();
    }
  });

  it('builds, starts with plain node, reports healthy and stops with its children', async () => {
    const build = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/build.ts', `--outdir=${OUTDIR}`], {
      cwd: SERVER_DIR,
      encoding: 'utf8',
    });
    expect(build.status, build.stderr).toBe(0);

    const port = await freePort();
    let output = '';
    // Only what npm start would be given: no test variables (the shared devnet's URL among them).
    const child = spawn(process.execPath, [path.join(SERVER_DIR, OUTDIR, 'main.js')], {
      cwd: path.resolve(SERVER_DIR, '../..'),
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        DATA_DIR: dataDir,
        DEVNET_PORT: '0',
        LOG_LEVEL: 'warn',
        ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema } : {}),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    try {
      const url = `http://127.0.0.1:${port}`;
      let health: { data: { status: string; database: { kind: string }; chains: unknown[] } } | undefined;
      const deadline = Date.now() + 90_000;
      while (!health && Date.now() < deadline) {
        expect(child.exitCode, output).toBeNull();
        const reply = await fetch(`${url}/api/v1/health`).catch(() => null);
        if (reply?.ok) health = (await reply.json()) as typeof health;
        else await new Promise((resolve) => setTimeout(resolve, 200));
      }
      expect(health?.data, output).toMatchObject({
        status: 'ok',
        database: { kind: databaseUrl ? 'postgres' : 'pglite' },
      });
      expect(health?.data.chains).toContainEqual(
        expect.objectContaining({ chain_id: 31337, reachable: true, contracts_present: true }),
      );
      // The built web app, or the page saying it is not built: either way the route is served.
      const home = await fetch(`${url}/`, { headers: { accept: 'text/html' } });
      expect([200, 503]).toContain(home.status);
      expect(await home.text()).toContain('Keystead');

      const devnet = JSON.parse(fs.readFileSync(path.join(dataDir, 'devnet/evm/devnet.json'), 'utf8')) as {
        pid: number;
      };
      child.kill('SIGTERM');
      expect(await exited, output).toBe(0);
      // The devnet's node process left with the server.
      expect(() => process.kill(devnet.pid, 0)).toThrow();
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  }, 150_000);
});
