/**
 * One wallet-setup command for every family: POST /wallets/multi sets up a Safe (deployment
 * follows) or a Bitcoin-family wallet (usable at once) from the same wizard input; a signer key
 * of another family is refused; the same keys twice are the same wallet.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testSigner } from '@keystead/chains/bitcoin/test-signer';
import { isLitecoindAvailable, startLitecoinRegtest, type LitecoinRegtest } from '@keystead/devnet';
import { litecoinRegtestChain, verifiedBitcoinSigner } from '../../../test/bitcoin-helpers';
import { createTestApp, devnetChains, type TestApp } from '../../../test/test-app';
import { transferSpace, type TransferSpace } from '../../../test/transfer-helpers';
import { devnetKey, verifiedSigner } from '../../../test/wallet-helpers';

const CHAIN = 'ltc-regtest' as const;

interface CreatedWallet {
  wallet_id: number;
  status: number;
  address: string;
  deployment: { to: string; data: string } | null;
  descriptor?: { receive: string; change: string };
}

describe.skipIf(!isLitecoindAvailable())(
  'wallet setup through one command (Safe devnet and litecoind -regtest)',
  () => {
    let t: TestApp;
    let node: LitecoinRegtest;
    let dataDir: string;
    let space: TransferSpace;
    const btcKeys: number[] = [];
    const evmKeys: number[] = [];

    const create = (chain: string, signers: number[]) =>
      space.admin.client.post<CreatedWallet>('/api/v1/wallets/multi', {
        name: `Setup ${chain}`,
        chain_key: chain,
        signers,
        threshold: 2,
        operators: [space.admin.userId],
        approval_threshold: 0,
      });

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'keystead-wallet-setup-'));
      node = (await startLitecoinRegtest({ dataDir }))!;
      t = await createTestApp({}, { chains: [...devnetChains(), litecoinRegtestChain(node, CHAIN)] });
      space = await transferSpace(t, 2, 'Setup');
      const people = [space.admin, ...space.members];
      for (const [i, who] of people.entries()) {
        btcKeys.push(
          await verifiedBitcoinSigner(who, CHAIN, testSigner(CHAIN, new Uint8Array(32).fill(40 + i))),
        );
        evmKeys.push((await verifiedSigner(who, devnetKey(4 + i))).id);
      }
    }, 120_000);

    afterAll(async () => {
      await t?.close();
      await node?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('a Bitcoin-family wallet from /wallets/multi needs nothing on chain: usable at once, with its descriptors', async () => {
      const created = await create(CHAIN, btcKeys);
      expect(created.code).toBe('OK');
      expect(created.data.status).toBe(1);
      expect(created.data.deployment).toBeNull();
      expect(created.data.descriptor?.receive).toMatch(/^wsh\(sortedmulti\(2,/);
      // The same keys are the same wallet: refused, not a second record of one address.
      expect((await create(CHAIN, [...btcKeys].reverse())).code).toBe('WALLET_EXISTS_ERROR');
    });

    it('an LTC multisig cannot mix Ledger with Trezor or OneKey keys (§5); Ledger with a software key is fine', async () => {
      const key = (who: (typeof space)['admin'], seed: number, device: 'ledger' | 'trezor' | 'onekey') =>
        verifiedBitcoinSigner(who, CHAIN, testSigner(CHAIN, new Uint8Array(32).fill(seed)), device, device);
      const ledger = await key(space.admin, 60, 'ledger');
      const trezor = await key(space.members[0]!, 61, 'trezor');
      const onekey = await key(space.members[1]!, 62, 'onekey');
      expect((await create(CHAIN, [ledger, trezor])).code).toBe('WALLET_HARDWARE_MIX_ERROR');
      expect((await create(CHAIN, [ledger, btcKeys[1]!, onekey])).code).toBe('WALLET_HARDWARE_MIX_ERROR');
      expect((await create(CHAIN, [trezor, onekey])).code).toBe('OK');
      expect((await create(CHAIN, [ledger, btcKeys[2]!])).code).toBe('OK');
    });

    it('a Safe from /wallets/multi waits for its deployment', async () => {
      const created = await create(devnetChains()[0]!.chainId.toString(), evmKeys);
      expect(created.code).toBe('OK');
      expect(created.data.deployment?.to).toMatch(/^0x[0-9a-fA-F]{40}$/);
    });

    it('a signer key of another family is refused by name, never a server error', async () => {
      const evmChain = devnetChains()[0]!.chainId.toString();
      const mixed = await create(evmChain, [evmKeys[0]!, btcKeys[1]!]);
      expect(mixed.code).toBe('PARAMS_INVALID_ERROR');
      expect(mixed.message).toContain('signers');
      expect((await create(CHAIN, [btcKeys[0]!, evmKeys[1]!])).code).toBe('PARAMS_INVALID_ERROR');
    });
  },
);
