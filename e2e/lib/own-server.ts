import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, useServer } from './browser';
import { startServerProcess, type ServerProcess } from './server-process';
import { setupTransferTeam, type TransferTeam } from './transfers';
import { useDevnet } from './wallet-provider';

/**
 * A server process (with its devnet) of one describe block's own, a transfer team on it and a
 * browser, for tests that write into the server's database what no API sets (a plan, history).
 * Registers the setup and teardown hooks; `prepare`, when given, runs while the server is stopped
 * after the team is made. `whileStopped` stops server and browser, lets `write` change the
 * database, and starts both again.
 */
export function ownServer(prefix: string, prepare?: (dataDir: string, team: TransferTeam) => Promise<void>) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `keystead-${prefix}-`));
  let server: ServerProcess | null = null;
  let browser: { browser: Browser; close: () => Promise<void> } | null = null;
  let team: TransferTeam | undefined;

  async function start(): Promise<void> {
    server = await startServerProcess(dataDir);
    useServer(server.baseURL);
    useDevnet(server.devnetRpcUrl);
  }

  async function whileStopped(write: (dataDir: string, team: TransferTeam) => Promise<void>): Promise<void> {
    await browser?.close();
    browser = null;
    await server!.stop();
    await write(dataDir, team!);
    await start();
    browser = await launchBrowser();
  }

  beforeAll(async () => {
    await start();
    team = await setupTransferTeam();
    if (prepare) await whileStopped(prepare);
    else browser = await launchBrowser();
  }, 300_000);

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    useServer(null);
    useDevnet(null);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  return {
    get team(): TransferTeam {
      if (!team) throw new Error('the team is set up in beforeAll');
      return team;
    },
    get browser(): Browser {
      if (!browser) throw new Error('the browser is started in beforeAll');
      return browser.browser;
    },
    whileStopped,
  };
}
