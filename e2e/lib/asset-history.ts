import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const DAY_MS = 86_400_000;

/** The UTC day `back` days before today, `YYYY-MM-DD`. */
export const dayBack = (back: number) => new Date(Date.now() - back * DAY_MS).toISOString().slice(0, 10);

/**
 * Writes a space's daily asset values for the `count` days before today (a gentle rise from
 * `start` USD) into the database of a stopped server's data directory (asset-history-directly.ts
 * in a child process, with the environment the server had), so the trend has history to draw.
 */
export async function seedAssetHistory(
  dataDir: string,
  organizationId: number,
  count: number,
  start = 3_000,
): Promise<void> {
  const days = Array.from({ length: count }, (_, index) => ({
    day: dayBack(count - index),
    usd_value: (start + index * 24 + (index % 3) * 9.5).toFixed(2),
  }));
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'e2e/lib/asset-history-directly.ts', String(organizationId), JSON.stringify(days)],
    {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`Writing the asset history failed (${code}):\n${output.slice(-2000)}`);
}
