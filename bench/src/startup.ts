import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { BENCH_DATABASE_URL, printRow, ROOT, rssMb, startChild, tempDir } from './harness';
import { dropSchema } from './http-baseline';

/** What `npm start` runs (built first, here) and what `npm run dev` and the tests run. */
const RUNNERS = [
  { name: 'tsx', entry: 'apps/server/src/main.ts' },
  { name: 'compiled', entry: 'apps/server/dist/main.js' },
] as const;
type Figures = { ms: number; mb: number };

/**
 * Cold start to the first healthy reply and the server's resident memory after start (goals: ≤ 5 s,
 * ≤ 250 MB), for the compiled server and for the sources under tsx. The two take turns, so a busy
 * machine weighs on both alike; each has its own data directory (and schema).
 */
export async function benchStartup(): Promise<void> {
  console.log(
    '\n# Start-up (embedded defaults: PGlite + devnet + litecoind when installed): compiled vs tsx',
  );
  const build = spawnSync('npm', ['run', 'build:server', '--silent'], { cwd: ROOT, encoding: 'utf8' });
  if (build.status !== 0) throw new Error(`npm run build:server failed:\n${build.stdout}${build.stderr}`);
  for (const variant of ['pglite', 'postgres'] as const) {
    const dataDirs = RUNNERS.map(() => tempDir('start'));
    const schema = `bench_start_${Date.now()}`;
    for (const run of ['first start', 'restart'] as const) {
      const figures: Figures[] = [];
      for (const [index, runner] of RUNNERS.entries()) {
        const env: Record<string, string> = {
          DATA_DIR: dataDirs[index]!,
          DEVNET_PORT: '0',
          LOG_LEVEL: 'warn',
          NODE_ENV: 'development',
        };
        if (variant === 'postgres') {
          env.DATABASE_URL = BENCH_DATABASE_URL;
          env.DATABASE_SCHEMA = `${schema}_${runner.name}`;
        }
        const server = await startChild(runner.entry, env, '/api/v1/health', 120_000);
        await new Promise((resolve) => setTimeout(resolve, 1500));
        const result = { ms: Math.round(server.readyMs), mb: rssMb(server.process.pid!) };
        figures.push(result);
        printRow(`${variant} ${run}, ${runner.name}`, {
          start_to_healthy_ms: result.ms,
          server_rss_mb: result.mb,
          goal: '≤5000 ms, ≤250 MB',
        });
        await server.stop();
      }
      const [tsx, compiled] = figures as [Figures, Figures];
      printRow(`${variant} ${run}, compiled/tsx`, {
        start: `${(compiled.ms / tsx.ms).toFixed(2)}×`,
        rss: `${(compiled.mb / tsx.mb).toFixed(2)}×`,
      });
    }
    for (const dir of dataDirs) fs.rmSync(path.resolve(dir), { recursive: true, force: true });
    if (variant === 'postgres') for (const runner of RUNNERS) await dropSchema(`${schema}_${runner.name}`);
  }
}
