import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** inheritance-directly.ts in a child process, with the same environment the server had (server stopped). */
async function writeDirectly(dataDir: string, args: string[]): Promise<void> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'e2e/lib/inheritance-directly.ts', ...args], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, NODE_ENV: 'development', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`Writing ${args.join(' ')} failed (${code}):\n${output.slice(-2000)}`);
}

/** Makes the space a family space (kind 2), which no API changes after creation. */
export const makeFamilySpace = (dataDir: string, organizationId: number) =>
  writeDirectly(dataDir, ['family', String(organizationId)]);

/** Moves every session's last sign-in of the user `days` days back (the inheritance's inactivity). */
export const awayForDays = (dataDir: string, userId: number, days: number) =>
  writeDirectly(dataDir, ['away', String(userId), String(days)]);
