import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { printRow, startChild, tempDir } from './harness';

/** JavaScript the browser actually downloads to show /login, gzip-compressed (goal ≤ 250 KB). */
export async function benchLoginBundle(): Promise<void> {
  console.log('\n# Initial JavaScript for /login');
  const server = await startChild(
    'apps/server/src/main.ts',
    { DATA_DIR: tempDir('web'), DEVNET: 'false', LOG_LEVEL: 'warn' },
    '/api/v1/language',
  );
  let browser: Awaited<ReturnType<typeof chromium.launch>> | null = null;
  try {
    browser = await chromium.launch({
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
    const page = await browser.newPage();
    const scripts: Array<Promise<{ url: string; raw: number; gzip: number }>> = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        response.body().then((body) => ({
          url: response.url(),
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
        })),
      );
    });
    await page.goto(`${server.url}/login`, { waitUntil: 'networkidle' });
    const files = await Promise.all(scripts);
    const gzip = files.reduce((sum, file) => sum + file.gzip, 0);
    const raw = files.reduce((sum, file) => sum + file.raw, 0);
    printRow('/login initial JS', {
      files: files.length,
      raw_kb: Math.round(raw / 1024),
      gzip_kb: Math.round(gzip / 1024),
      goal: '≤250 KB gzip',
    });
  } finally {
    await browser?.close();
    await server.stop();
  }
}
