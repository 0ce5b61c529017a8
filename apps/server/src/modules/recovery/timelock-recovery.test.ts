// The Bitcoin family's emergency recovery through the API on a real `litecoind -regtest`: a 2-of-3
// wallet with a recovery key (wsh(or_d(multi, and_v(v:pk(R), older(N))))), the signers' transfer
// through the one lifecycle at once, and the recovery key's sweep — refused by the node before its
// coins are N blocks old, relayed at N, the owners told and the audit log written.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRecoverySpendPsbt, walletDescriptors, type WalletUtxo } from '@keystead/chains';
import { signRecoveryPsbtAsKey } from '@keystead/chains/bitcoin/recovery-test-signer';
import { signPsbtAsSigner, testSigner, type TestSigner } from '@keystead/chains/bitcoin/test-signer';
import {
  isLitecoindAvailable,
  mineToCsvActive,
  startLitecoinRegtest,
  type LitecoinRegtest,
} from '@keystead/devnet';
import { litecoinRegtestChain, signTaskPsbt, verifiedBitcoinSigner } from '../../../test/bitcoin-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { transferSpace, type TransferSpace } from '../../../test/transfer-helpers';
import { recordDeposits } from '../../jobs/deposit-scan';
import { familyWallet } from '../transfers/transfer-family';

const CHAIN = 'ltc-regtest' as const;
const N = 10;

interface CoinsReply {
  blocks: number;
  recoverer: { user_id: number } | null;
  descriptor: string;
  coins: Array<{ outpoint: string; value_sat: string; confirmations: number; blocks_left: number }>;
  matured_sat: string;
  waiting_sat: string;
  you: { can_sweep: boolean };
}

describe.skipIf(!isLitecoindAvailable())(
  'Bitcoin-family recovery path through the API (litecoind -regtest)',
  () => {
    let t: TestApp;
    let node: LitecoinRegtest;
    let dataDir: string;
    let miner: string;
    let space: TransferSpace;
    let walletId: number;
    let walletAddress: string;
    const signers = [51, 52, 53].map((n) => testSigner(CHAIN, new Uint8Array(32).fill(n)));
    const recoveryKey = testSigner(CHAIN, new Uint8Array(32).fill(59));
    const [alice, bob, carol] = [0, 1, 2];
    const who = (i: number) => space.members[i]!;
    const recoveryOf = (key: TestSigner, blocks = N) => ({
      xpub: key.key.xpub,
      fingerprint: key.key.fingerprint,
      path: key.key.path,
      blocks,
    });

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'keystead-ltc-recovery-api-'));
      node = (await startLitecoinRegtest({ dataDir }))!;
      t = await createTestApp({}, { chains: [litecoinRegtestChain(node, CHAIN)] });
      miner = await node.newAddress(await node.ensureWallet('miner'));
      // Past CSV/MWEB activation: the relative lock is then consensus, not only mempool policy.
      await mineToCsvActive(node, 'miner', miner);
      space = await transferSpace(t, 3, 'Vault');
    }, 180_000);

    afterAll(async () => {
      await t?.close();
      await node?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('creates a 2-of-3 wallet with a recovery key held by a member; refuses a bad delay, key or duplicate', async () => {
      const signerIds: number[] = [];
      for (const i of [alice, bob, carol])
        signerIds.push(await verifiedBitcoinSigner(who(i), CHAIN, signers[i]!));
      // Carol also holds the recovery key, as her own verified key.
      await verifiedBitcoinSigner(who(carol), CHAIN, recoveryKey, 'Recovery');
      const create = (recovery: Record<string, unknown>) =>
        space.admin.client.post<{
          wallet_id: number;
          address: string;
          recovery_blocks: number | null;
          descriptor: { receive: string; change: string };
        }>('/api/v1/wallets/bitcoin', {
          name: 'LTC with recovery',
          chain_key: CHAIN,
          signers: signerIds,
          threshold: 2,
          operators: [space.admin.userId],
          approvers: [who(alice).userId],
          approval_threshold: 1,
          recovery,
        });
      expect((await create(recoveryOf(recoveryKey, 0))).code).toBe('PARAMS_INVALID_ERROR');
      expect((await create(recoveryOf(recoveryKey, 65536))).code).toBe('PARAMS_INVALID_ERROR');
      const duplicate = await create(recoveryOf(signers[alice]!));
      expect(duplicate.code).toBe('PARAMS_INVALID_ERROR');
      expect(duplicate.data).toMatchObject({ reason: 'wallet_duplicate_key' });
      const badKey = await create({
        ...recoveryOf(recoveryKey),
        fingerprint: '00000000',
        path: "m/48'/1'/0'",
      });
      expect(badKey.code).toBe('SIGNER_KEY_INVALID_ERROR');

      const created = await create(recoveryOf(recoveryKey));
      expect(created.code).toBe('OK');
      expect(created.data.recovery_blocks).toBe(N);
      walletId = created.data.wallet_id;
      walletAddress = created.data.address;
      const expected = walletDescriptors({
        chain: CHAIN,
        threshold: 2,
        keys: signers.map((s) => s.key),
        recovery: { key: recoveryKey.key, blocks: N },
      });
      expect(created.data.descriptor).toEqual(expected);
      expect(expected.receive).toMatch(/^wsh\(or_d\(multi\(2,/);
      const exported = await space.admin.client.get<{
        recovery: unknown;
        import_descriptors: Array<{ desc: string }>;
      }>('/api/v1/wallets/bitcoin/descriptor', { wallet_id: walletId });
      expect(exported.data.recovery).toEqual({ ...recoveryKey.key, blocks: N });
      expect(exported.data.import_descriptors.map((d) => d.desc)).toEqual([
        expected.receive,
        expected.change,
      ]);
      // The node agrees it is a P2WSH address of this chain.
      const info = (await node.rpc('validateaddress', [walletAddress])) as {
        isvalid: boolean;
        iswitness: boolean;
      };
      expect(info).toMatchObject({ isvalid: true, iswitness: true });
    });

    it('the signers spend at once through the one lifecycle (approval, 2 PSBT signatures, broadcast)', async () => {
      await node.rpc('sendtoaddress', [walletAddress, 3], { wallet: 'miner' });
      await node.mineBlocks(1, miner);
      // The deposit scan finds the payment at the recovery wallet's address (50 blocks per run).
      const tip = Number(await node.rpc('getblockcount', []));
      for (let run = 0; run <= Math.ceil((tip + 1) / 50); run++) await recordDeposits(t.ctx);
      const records = await space.admin.client.get<{ list: Array<{ amount: string; to: string }> }>(
        '/api/v1/transfer/records',
        { direction: 1, wallet_id: walletId },
      );
      expect(records.data.list.map((r) => [r.amount, r.to])).toEqual([['3', walletAddress]]);
      const outside = await node.newAddress('miner');
      const created = await space.admin.client.post<{ task_id: number }>('/api/v1/task', {
        wallet_id: walletId,
        to: outside,
        amount: '1',
        fee_tier: 'custom',
        custom_fee_rate: '2',
      });
      expect(created.code).toBe('OK');
      const taskId = created.data.task_id;
      expect(
        (await who(alice).client.post('/api/v1/task/approve', { task_id: taskId, result: 1 })).code,
      ).toBe('OK');
      const { data } = await space.admin.client.get<{ psbt: string; fee_sat: string }>('/api/v1/task/info', {
        task_id: taskId,
      });
      for (const i of [alice, bob])
        expect(await signTaskPsbt(who(i), taskId, data.psbt, CHAIN, signers[i]!)).toBe('OK');
      const sent = await space.admin.client.post<{ tx_hash: string }>('/api/v1/broadcast', {
        task_id: taskId,
      });
      expect(sent.code).toBe('OK');
      const tx = (await node.rpc('getrawtransaction', [sent.data.tx_hash, true])) as {
        vsize: number;
        vin: Array<{ txinwitness: string[] }>;
      };
      // The signers' path: [empty dummy, 2 signatures, the recovery script], as for a plain multisig.
      expect(tx.vin[0]!.txinwitness).toHaveLength(4);
      expect(tx.vin[0]!.txinwitness[0]).toBe('');
      // The fee was priced for this longer script: 2 sat/vB of the node's own vsize, or a little more.
      expect(BigInt(data.fee_sat)).toBeGreaterThanOrEqual(BigInt(tx.vsize * 2));
      expect(BigInt(data.fee_sat)).toBeLessThanOrEqual(BigInt(tx.vsize * 2 + 10));
      await node.mineBlocks(1, miner);
    });

    it('who sees the path and who may sweep: the recoverer yes, a signer no', async () => {
      const mine = await who(carol).client.get<CoinsReply>('/api/v1/wallets/recovery/coins', {
        wallet_id: walletId,
      });
      expect(mine.code).toBe('OK');
      expect(mine.data).toMatchObject({
        blocks: N,
        recoverer: { user_id: who(carol).userId },
        you: { can_sweep: true },
      });
      // The change of the transfer is one coin, 1 confirmation old: N − 1 blocks to go.
      expect(mine.data.coins).toHaveLength(1);
      expect(mine.data.coins[0]).toMatchObject({ confirmations: 1, blocks_left: N - 1 });
      expect(mine.data.matured_sat).toBe('0');
      const theirs = await who(alice).client.get<CoinsReply>('/api/v1/wallets/recovery/coins', {
        wallet_id: walletId,
      });
      expect(theirs.data.you.can_sweep).toBe(false);
      const outside = await node.newAddress('miner');
      expect(
        (
          await who(alice).client.post('/api/v1/wallets/recovery/sweep/prepare', {
            wallet_id: walletId,
            to: outside,
          })
        ).code,
      ).toMatch(/PERMISSION/);
    });

    it('before N blocks: nothing to prepare, and a sweep signed anyway is refused by the node', async () => {
      await node.mineBlocks(N - 2, miner); // the coin now has N − 1 confirmations
      const outside = await node.newAddress('miner');
      const prepare = await who(carol).client.post('/api/v1/wallets/recovery/sweep/prepare', {
        wallet_id: walletId,
        to: outside,
      });
      expect(prepare.code).toBe('WALLET_RECOVERY_DELAY_ERROR');
      // Built by hand from the young coin, signed by the recovery key: the node says non-BIP68-final.
      const row = await t.ctx.db
        .selectFrom('wallets')
        .selectAll()
        .where('id', '=', walletId)
        .executeTakeFirstOrThrow();
      const coins = await t.ctx.chains.family(CHAIN).listCoins!(familyWallet(row));
      expect(coins[0]!.confirmations).toBe(N - 1);
      const utxos: WalletUtxo[] = coins.map((c) => ({
        txid: c.outpoint.split(':')[0]!,
        vout: Number(c.outpoint.split(':')[1]),
        value: c.value,
        branch: c.branch as 0 | 1,
        index: c.index,
      }));
      const wallet = {
        chain: CHAIN,
        threshold: 2,
        keys: signers.map((s) => s.key),
        recovery: { key: recoveryKey.key, blocks: N },
      };
      const early = buildRecoverySpendPsbt({
        wallet,
        path: 'recovery',
        utxos,
        outputs: [{ address: outside, value: 0n }],
        feeRate: 2,
        changeIndex: 5,
        sendMax: true,
      });
      const refused = await who(carol).client.post('/api/v1/wallets/recovery/sweep', {
        wallet_id: walletId,
        psbt: signRecoveryPsbtAsKey(early.psbt, CHAIN, recoveryKey),
      });
      expect(refused.code).toBe('WALLET_RECOVERY_DELAY_ERROR');
      // Signed by a signer's key instead of the recovery key: not the key this path takes.
      const bySigner = await who(carol).client.post('/api/v1/wallets/recovery/sweep', {
        wallet_id: walletId,
        psbt: signPsbtAsSigner(early.psbt, CHAIN, signers[carol]!),
      });
      expect(bySigner.code).toBe('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
    });

    it('at N blocks: the sweep is prepared, signed offline by the recovery key, relayed; owners told, audited', async () => {
      await node.mineBlocks(1, miner);
      const outside = await node.newAddress('miner');
      const prepared = await who(carol).client.post<{
        psbt: string;
        amount_sat: string;
        fee_sat: string;
        inputs: Array<{ outpoint: string; value_sat: string }>;
      }>('/api/v1/wallets/recovery/sweep/prepare', {
        wallet_id: walletId,
        to: outside,
        fee_tier: 'custom',
        custom_fee_rate: '2',
      });
      expect(prepared.code).toBe('OK');
      expect(prepared.data.inputs).toHaveLength(1);
      expect(BigInt(prepared.data.amount_sat) + BigInt(prepared.data.fee_sat)).toBe(
        BigInt(prepared.data.inputs[0]!.value_sat),
      );
      // Unsigned, it cannot be relayed.
      expect(
        (
          await who(carol).client.post('/api/v1/wallets/recovery/sweep', {
            wallet_id: walletId,
            psbt: prepared.data.psbt,
          })
        ).code,
      ).toBe('SIGNATURE_EMPTY_ERROR');
      const swept = await who(carol).client.post<{
        txid: string;
        outputs: Array<{ to: string; value_sat: string }>;
      }>('/api/v1/wallets/recovery/sweep', {
        wallet_id: walletId,
        psbt: signRecoveryPsbtAsKey(prepared.data.psbt, CHAIN, recoveryKey),
      });
      expect(swept.code).toBe('OK');
      expect(swept.data.outputs).toEqual([{ to: outside, value_sat: prepared.data.amount_sat }]);
      expect((await node.rpc('getrawmempool')) as string[]).toContain(swept.data.txid);
      const tx = (await node.rpc('getrawtransaction', [swept.data.txid, true])) as {
        vin: Array<{ sequence: number; txinwitness: string[] }>;
      };
      // The recovery path: nSequence N, witness [sig, 0, 0, 0 (multi dissatisfied), script].
      expect(tx.vin[0]!.sequence).toBe(N);
      expect(tx.vin[0]!.txinwitness.slice(1, 4)).toEqual(['', '', '']);
      await node.mineBlocks(1, miner);
      const after = await who(carol).client.get<CoinsReply>('/api/v1/wallets/recovery/coins', {
        wallet_id: walletId,
      });
      expect(after.data.coins).toEqual([]);
      // The owners and admins are told; the audit log has it.
      const notices = await t.ctx.db
        .selectFrom('notifications')
        .select(['user_id', 'title'])
        .where('title', '=', 'Recovery key swept the wallet')
        .execute();
      expect(new Set(notices.map((n) => n.user_id))).toEqual(
        new Set([space.admin.userId, ...[alice, bob, carol].map((i) => who(i).userId)]),
      );
      const audit = await t.ctx.db
        .selectFrom('audit_log')
        .select(['operation'])
        .where('operation', '=', 'recovery_sweep')
        .execute();
      expect(audit).toHaveLength(1);
    });
  },
);
