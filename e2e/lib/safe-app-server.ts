import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/safe-app');

/**
 * Serves the test Safe App (fixtures/safe-app, its script bundled with esbuild now) on
 * 127.0.0.1 at a free port: another origin than the platform's, so the /dapp page frames it
 * cross-origin as it would a real Dapp.
 */
export async function startSafeAppServer(): Promise<{ origin: string; close: () => Promise<void> }> {
  const bundle = await build({
    entryPoints: [path.join(dir, 'app.ts')],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
  });
  const files: Record<string, { type: string; body: string | Uint8Array }> = {
    '/': { type: 'text/html', body: fs.readFileSync(path.join(dir, 'index.html'), 'utf8') },
    '/app.js': { type: 'text/javascript', body: bundle.outputFiles[0]!.contents },
  };
  const server = http.createServer((request, response) => {
    const file = files[new URL(request.url ?? '/', 'http://x').pathname];
    if (!file) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': `${file.type}; charset=utf-8`, 'cache-control': 'no-store' });
    response.end(file.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
