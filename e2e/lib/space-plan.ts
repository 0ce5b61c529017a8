import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * Sets a space's plan and its end directly in the database of a stopped server's data directory
 * (set-plan-directly.ts in a child process, with the same environment the server had).
 */
export async function setPlanDirectly(
  dataDir: string,
  organizationId: number,
  plan: 'free' | 'plus' | 'enterprise',
  end: Date | null,
): Promise<void> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'e2e/lib/set-plan-directly.ts',
      String(organizationId),
      plan,
      end ? end.toISOString() : 'null',
    ],
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
  if (code !== 0) throw new Error(`Setting the plan failed (${code}):\n${output.slice(-2000)}`);
}
