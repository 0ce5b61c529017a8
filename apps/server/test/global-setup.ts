import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    devnet: { rpcUrl: string; chainId: number; contracts: Record<string, `0x${string}`> } | undefined;
  }
}

/** One EVM devnet for the whole unit/API run (each test file gets its own database). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (process.env.TEST_DEVNET === 'off') {
    project.provide('devnet', undefined);
    return async () => undefined;
  }
  const devnetModule = '@keystead/devnet';
  const { startEvmDevnet } = (await import(
    /* @vite-ignore */ devnetModule
  )) as typeof import('@keystead/devnet');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'keystead-test-devnet-'));
  const devnet = await startEvmDevnet({ dataDir: dir, port: 0 });
  project.provide('devnet', {
    rpcUrl: devnet.rpcUrl,
    chainId: devnet.chainId,
    contracts: { ...devnet.contracts },
  });
  return async () => {
    await devnet.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
