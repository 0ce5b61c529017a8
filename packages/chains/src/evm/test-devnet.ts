// Test helper (not exported from the package): a private EVM devnet per test file, so
// account nonces never collide with other suites, and an adapter on it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEvmDevnet, type EvmDevnet } from '@keystead/devnet';
import {
  createPublicClient,
  createWalletClient,
  http,
  type Account,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { chainByKey } from '../chain-table';
import { createEvmAdapter, type EvmAdapter } from './adapter';

export interface TestDevnet {
  devnet: EvmDevnet;
  adapter: EvmAdapter;
  client: PublicClient;
  accounts: Account[];
  /** Signs and sends a transaction from a test account; waits for its receipt. */
  send(
    from: Account,
    tx: { to: Address; data?: Hex; value?: bigint },
  ): Promise<{ hash: Hex; status: 'success' | 'reverted' }>;
  stop(): Promise<void>;
}

export async function startTestDevnet(): Promise<TestDevnet> {
  const dataDir = mkdtempSync(join(tmpdir(), 'keystead-chains-'));
  const devnet = await startEvmDevnet({ dataDir, port: 0 });
  const info = chainByKey('31337')!;
  const adapter = createEvmAdapter({ info, rpcUrl: devnet.rpcUrl, contracts: devnet.contracts });
  const client = createPublicClient({ chain: hardhat, transport: http(devnet.rpcUrl) }) as PublicClient;
  const accounts = devnet.accounts.map((a) => privateKeyToAccount(a.privateKey));
  return {
    devnet,
    adapter,
    client,
    accounts,
    async send(from, tx) {
      const wallet = createWalletClient({ chain: hardhat, transport: http(devnet.rpcUrl), account: from });
      const hash = await wallet.sendTransaction({
        to: tx.to,
        data: tx.data,
        value: tx.value,
        account: from,
        chain: hardhat,
      });
      const receipt = await client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
      return { hash, status: receipt.status };
    },
    async stop() {
      await devnet.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
