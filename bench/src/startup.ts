import fs from 'node:fs';
import path from 'node:path';
import { printRow, rssMb, startChild, tempDir } from './harness';

/** Cold start to the first healthy reply and resident memory after start (goals: ≤ 5 s, ≤ 250 MB). */
export async function benchStartup(): Promise<void> {
  console.log('\n# Start-up (embedded defaults: PGlite + devnet + litecoind when installed)');
  for (const variant of ['pglite', 'postgres'] as const) {
    const dataDir = tempDir('start');
    const env: Record<string, string> = {
      DATA_DIR: dataDir,
      DEVNET_PORT: '0',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    };
    if (variant === 'postgres') {
      env.DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
      env.DATABASE_SCHEMA = `bench_start_${Date.now()}`;
    }
    for (const run of ['first start', 'restart'] as const) {
      const server = await startChild('apps/server/src/main.ts', env, '/api/v1/health', 120_000);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      printRow(`${variant} ${run}`, {
        start_to_healthy_ms: Math.round(server.readyMs),
        server_rss_mb: rssMb(server.process.pid!),
        goal: '≤5000 ms, ≤250 MB',
      });
      await server.stop();
    }
    fs.rmSync(path.resolve(dataDir), { recursive: true, force: true });
  }
}
