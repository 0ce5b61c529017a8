import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { startTronFixtureNode } from '@keystead/tron-fixture-node';
import { startXrplFixtureNode } from '@keystead/xrpl-fixture-node';
import { startSolanaDevnet } from '@keystead/solana-devnet';
import { startServerProcess } from './lib/server-process';
import { startWalletConnectRelay } from './lib/walletconnect-relay';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The WalletConnect relay stand-in and the project id the server was given. */
    walletconnectRelay: { url: string; projectId: string };
    baseURL: string;
    /** JSON-RPC URL of the server's EVM devnet (chain 31337), for the tests' injected wallet. */
    devnetRpcUrl: string;
    /** The SYNTHETIC Tron fixture node the server's Tron Nile entry points at (no Tron node runs here). */
    tronRpcUrl: string;
    /** The SYNTHETIC rippled stand-in the server's XRP Ledger Testnet entry points at (no rippled runs here). */
    xrplRpcUrl: string;
    /** The local Solana VM (packages/solana-devnet, no Squads program) the server's Solana Devnet entry points at. */
    solanaRpcUrl: string;
  }
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Starts ONE API server (serving the already built apps/web/dist) on a free port with a
 * throw-away data directory, and stops it after the run. It builds nothing.
 */
export default async function setup(project: TestProject) {
  if (!fs.existsSync(path.join(root, 'apps/web/dist/index.html'))) {
    throw new Error('apps/web/dist is not built: run `npm run build -w @keystead/web` first.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'keystead-e2e-'));
  // Tron: the fixture node stands in for a Nile full node (labelled SYNTHETIC; README).
  const tron = await startTronFixtureNode();
  // XRP: the fixture node stands in for an XRPL testnet server (JSON-RPC; SYNTHETIC as well).
  const xrpl = await startXrplFixtureNode();
  // Solana: a real Solana VM (LiteSVM) behind JSON-RPC; the Squads program is not loaded on it.
  const solana = await startSolanaDevnet({ port: 0 });
  // WalletConnect: a local stand-in for its relay (the real one cannot be reached here).
  const relay = await startWalletConnectRelay();
  const server = await startServerProcess(dataDir, {
    WALLETCONNECT_PROJECT_ID: relay.projectId,
    WALLETCONNECT_RELAY_URL: relay.url,
    TRON_NILE_RPC_URL: tron.url,
    XRPL_TESTNET_RPC_URL: xrpl.url,
    SOLANA_DEVNET_RPC_URL: solana.url,
  });
  project.provide('baseURL', server.baseURL);
  // The devnet writes its last RPC URL into the data directory; the browser never sees it.
  project.provide('devnetRpcUrl', server.devnetRpcUrl);
  project.provide('tronRpcUrl', tron.url);
  project.provide('xrplRpcUrl', xrpl.url);
  project.provide('solanaRpcUrl', solana.url);
  project.provide('walletconnectRelay', { url: relay.url, projectId: relay.projectId });

  return async () => {
    await server.stop();
    await tron.close();
    await xrpl.close();
    await solana.close();
    await relay.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
