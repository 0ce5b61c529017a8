import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Litecoin Core relays BIP-125 replacements (the speed-up of a Bitcoin-family transfer) only
 * with -mempoolreplacement=1, off by default. The regtest launcher's command line is fixed, so
 * the node's settings.json (read at start, kept by the node) turns it on.
 */
export function enableRegtestReplacement(devnetDir: string): void {
  const dir = path.join(devnetDir, 'litecoin', 'regtest');
  const file = path.join(dir, 'settings.json');
  let settings: Record<string, unknown> = {};
  try {
    if (existsSync(file)) settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    settings = {};
  }
  if (settings.mempoolreplacement === '1') return;
  mkdirSync(dir, { recursive: true });
  writeFileSync(file, JSON.stringify({ ...settings, mempoolreplacement: '1' }, null, 2));
}
