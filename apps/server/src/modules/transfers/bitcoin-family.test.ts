// Bitcoin-family multisig through the API on a real `litecoind -regtest`: signer keys verified by
// BIP-137 messages, a 2-of-3 P2WSH wallet, UTXOs and fee rates, a PSBT transfer with change
// through approval → two signatures → broadcast → confirmation, refusals, and a BIP-125 speed-up.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Psbt, Transaction } from 'bitcoinjs-lib';
import * as ecc from 'tiny-secp256k1';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BitcoinError, bitcoinNetwork, messageHash, walletDescriptors } from '@keystead/chains';
import { signPsbtAsSigner, testSigner, type TestSigner } from '@keystead/chains/bitcoin/test-signer';
import { isLitecoindAvailable, startLitecoinRegtest, type LitecoinRegtest } from '@keystead/devnet';
import { allowResend, readCode, sendCode } from '../../../test/auth-helpers';
import { signTaskPsbt } from '../../../test/bitcoin-helpers';
import { createSpace, person, type Person } from '../../../test/space-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { transferSpace, type TransferSpace } from '../../../test/transfer-helpers';
import { enableRegtestReplacement } from '../chains/regtest-settings';
import { mineRegtest, refreshBalances } from '../../jobs/wallet-jobs';
import { regtestFaucet } from '../chains/regtest-faucet';
import { recordDeposits } from '../../jobs/deposit-scan';
import { followTransfers } from '../../jobs/transfer-watcher';

const CHAIN = 'ltc-regtest' as const;

/** A BIP-137 signed message with the signer's account key (compressed, P2PKH header 31–34). */
function signMessage(signer: TestSigner, message: string): string {
  const account = signer.master.derivePath(signer.key.path);
  const { signature, recoveryId } = ecc.signRecoverable(
    messageHash(bitcoinNetwork(CHAIN), message),
    account.privateKey!,
  );
  return Buffer.concat([Buffer.from([31 + recoveryId]), Buffer.from(signature)]).toString('base64');
}

interface TaskInfo {
  status: number;
  psbt: string;
  hash: string | null;
  fee_sat: string;
  signing_requests: Array<{
    inputIndex: number;
    keys: Array<{ fingerprint: string; signed: boolean }>;
  }> | null;
  signatures: unknown[];
  outputs: Array<{ to: string; value_sat: string }>;
  change: { address: string; value_sat: string } | null;
  replaced_by: { task_id: number } | null;
  failure_reason: string | null;
}

describe.skipIf(!isLitecoindAvailable())(
  'Bitcoin-family multisig wallets and transfers (litecoind -regtest)',
  () => {
    let t: TestApp;
    let node: LitecoinRegtest;
    let dataDir: string;
    let miner: string;
    let space: TransferSpace;
    let signerIds: number[];
    let walletId: number;
    let walletAddress: string;
    const signers = [31, 32, 33].map((n) => testSigner(CHAIN, new Uint8Array(32).fill(n)));
    const [alice, bob, carol] = [0, 1, 2];
    const who = (i: number): Person => space.members[i]!;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'keystead-utxo-api-'));
      // Litecoin Core relays BIP-125 replacements only with -mempoolreplacement=1 (as the dev server does).
      enableRegtestReplacement(dataDir);
      node = (await startLitecoinRegtest({ dataDir }))!;
      t = await createTestApp(
        {},
        {
          chains: [
            {
              family: 'BTC',
              chainId: CHAIN,
              name: 'Litecoin regtest',
              rpcUrl: node.rpcUrl,
              rpcUser: node.rpcUser,
              rpcPassword: node.rpcPassword,
              isDevnet: true,
            },
          ],
        },
      );
      const w = await node.ensureWallet('miner');
      miner = await node.newAddress(w);
      await node.mineBlocks(101, miner);
      space = await transferSpace(t, 3, 'Coins');
    }, 120_000);

    afterAll(async () => {
      await t?.close();
      await node?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('signer keys: xpub + fingerprint + path, verified by a BIP-137 signature of the challenge; Taproot refused', async () => {
      signerIds = [];
      for (const i of [alice, bob, carol]) {
        const s = signers[i]!;
        const added = await who(i).client.post<{ id: number; status: number }>(
          '/api/v1/permission-address/bitcoin',
          {
            name: `Key ${i}`,
            chain_key: CHAIN,
            xpub: s.key.xpub,
            fingerprint: s.key.fingerprint,
            path: s.key.path,
          },
        );
        expect(added.code).toBe('OK');
        expect(added.data.status).toBe(0);
        const challenge = await who(i).client.get<{ challenge_id: number; message: string }>(
          '/api/v1/permission-address/challenge',
          { id: added.data.id },
        );
        // Someone else's key signing the challenge does not verify it.
        const wrong = await who(i).client.post('/api/v1/permission-address/bitcoin/verify', {
          id: added.data.id,
          challenge_id: challenge.data.challenge_id,
          signature: signMessage(signers[(i + 1) % 3]!, challenge.data.message),
        });
        expect(wrong.code).toBe('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
        const verified = await who(i).client.post('/api/v1/permission-address/bitcoin/verify', {
          id: added.data.id,
          challenge_id: challenge.data.challenge_id,
          signature: signMessage(s, challenge.data.message),
        });
        expect(verified.code).toBe('OK');
        signerIds.push(added.data.id);
      }
      const taproot = testSigner(CHAIN, new Uint8Array(32).fill(40), "m/86'/1'/0'");
      const refused = await who(alice).client.post('/api/v1/wallets/bitcoin/check', {
        chain_key: CHAIN,
        xpub: taproot.key.xpub,
        fingerprint: taproot.key.fingerprint,
        path: taproot.key.path,
      });
      expect(refused.code).toBe('TAPROOT_UNSUPPORTED_ERROR');
      const trDescriptor = await who(alice).client.post('/api/v1/wallets/bitcoin/check', {
        chain_key: CHAIN,
        descriptor: `tr(${signers[0]!.key.xpub}/0/*)`,
      });
      expect(trDescriptor.code).toBe('TAPROOT_UNSUPPORTED_ERROR');
      const ok = await who(alice).client.post<{ key: { fingerprint: string } }>(
        '/api/v1/wallets/bitcoin/check',
        {
          chain_key: CHAIN,
          xpub: signers[0]!.key.xpub,
          fingerprint: signers[0]!.key.fingerprint,
          path: signers[0]!.key.path,
        },
      );
      expect(ok.code).toBe('OK');
      expect(ok.data.key.fingerprint).toBe(signers[0]!.key.fingerprint);
    });

    it('creates a 2-of-3 P2WSH wallet from the verified keys: normal at once, descriptor agrees with Litecoin Core', async () => {
      const created = await space.admin.client.post<{
        wallet_id: number;
        status: number;
        address: string;
        descriptor: { receive: string; change: string };
      }>('/api/v1/wallets/bitcoin', {
        name: 'LTC vault',
        chain_key: CHAIN,
        signers: signerIds,
        threshold: 2,
        operators: [space.admin.userId],
        approvers: [who(alice).userId, who(bob).userId],
        approval_threshold: 2,
      });
      expect(created.code).toBe('OK');
      expect(created.data.status).toBe(1);
      walletId = created.data.wallet_id;
      walletAddress = created.data.address;
      const expected = walletDescriptors({ chain: CHAIN, threshold: 2, keys: signers.map((s) => s.key) });
      expect(created.data.descriptor).toEqual(expected);
      const info = (await node.rpc('getdescriptorinfo', [expected.receive])) as { checksum: string };
      expect(expected.receive.endsWith(`#${info.checksum}`)).toBe(true);
      const [first] = (await node.rpc('deriveaddresses', [expected.receive, [0, 0]])) as string[];
      expect(walletAddress).toBe(first);
      const detail = await space.admin.client.get<{ descriptor: { receive: string } }>(
        '/api/v1/wallets/base-info',
        { wallet_id: walletId },
      );
      expect(detail.data.descriptor.receive).toBe(expected.receive);
      const exported = await space.admin.client.get<{ import_descriptors: Array<{ desc: string }> }>(
        '/api/v1/wallets/bitcoin/descriptor',
        { wallet_id: walletId },
      );
      expect(exported.data.import_descriptors.map((d) => d.desc)).toEqual([
        expected.receive,
        expected.change,
      ]);
    });

    it('deposit addresses per use, UTXOs with confirmations, balance, fee rates in sat/vB', async () => {
      const next = await space.admin.client.post<{ address: string; index: number }>(
        '/api/v1/wallets/bitcoin/address',
        { wallet_id: walletId },
      );
      expect(next.data.index).toBe(1);
      const again = await space.admin.client.post<{ address: string; index: number }>(
        '/api/v1/wallets/bitcoin/address',
        { wallet_id: walletId },
      );
      expect(again.data.index).toBe(2);
      await node.rpc('sendtoaddress', [walletAddress, 3], { wallet: 'miner' });
      await node.rpc('sendtoaddress', [next.data.address, 1.5], { wallet: 'miner' });
      await node.mineBlocks(1, miner);
      const utxos = await space.admin.client.get<{
        balance: string;
        list: Array<{ value: string; confirmations: number; locked: boolean; index: number }>;
      }>('/api/v1/wallets/utxos', { wallet_id: walletId });
      expect(utxos.code).toBe('OK');
      expect(utxos.data.balance).toBe('4.5');
      expect(utxos.data.list.map((u) => [u.value, u.index, u.confirmations, u.locked]).sort()).toEqual([
        ['1.5', 1, 1, false],
        ['3', 0, 1, false],
      ]);
      // The deposit scan reads the blocks (50 per run, from the chain's start here): both payments,
      // to the addresses they were paid to, once however often it runs.
      const tip = Number(await node.rpc('getblockcount', []));
      for (let run = 0; run <= Math.ceil((tip + 1) / 50); run++) await recordDeposits(t.ctx);
      const records = await space.admin.client.get<{
        list: Array<{ amount: string; to: string; symbol: string }>;
      }>('/api/v1/transfer/records', { direction: 1, wallet_id: walletId });
      expect(records.data.list.map((r) => [r.amount, r.to, r.symbol]).sort()).toEqual(
        [
          ['1.5', next.data.address, 'LTC'],
          ['3', walletAddress, 'LTC'],
        ].sort(),
      );
      const assets = await space.admin.client.get<{ detail: Array<{ symbol: string; amount: string }> }>(
        '/api/v1/wallets/asset-info',
        { wallet_id: walletId },
      );
      expect(assets.data.detail.find((l) => l.symbol === 'LTC')!.amount).toBe('4.5');
      const fees = await space.admin.client.get<{
        unit: string;
        slow: number;
        standard: number;
        fast: number;
      }>('/api/v1/fee/utxo-fee-rate', { wallet_id: walletId });
      expect(fees.data).toMatchObject({ unit: 'sat/vB', slow: 1 });
      expect(fees.data.fast).toBeGreaterThanOrEqual(fees.data.standard);
    });

    it('refuses: UTXO shortage, dust, fee above the balance, Taproot recipient, locked outpoints', async () => {
      const outside = await node.newAddress('miner');
      const post = (body: Record<string, unknown>) =>
        space.admin.client.post('/api/v1/task', {
          wallet_id: walletId,
          to: outside,
          fee_tier: 'custom',
          custom_fee_rate: '2',
          ...body,
        });
      expect((await post({ amount: '100' })).code).toBe('UTXO_SHORTAGE_ERROR');
      expect((await post({ amount: '0.000001' })).code).toBe('TRANSFER_VOLUME_TOO_SMALL_ERROR');
      expect((await post({ amount: '4.5' })).code).toBe('TRANSFER_FEE_EXCEEDS_BALANCE_ERROR');
      expect(
        (await post({ amount: '1', to: 'rltc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqgzjz8m' }))
          .code,
      ).toMatch(/TAPROOT_UNSUPPORTED_ERROR|CHAIN_ADDRESS_INVALID_ERROR/);
      expect((await post({ amount: '1', utxos: [`${'ab'.repeat(32)}:0`] })).code).toBe('UTXO_SHORTAGE_ERROR');

      // Max: both coins to this recipient at 2 sat/vB, no change. The builder takes exactly that
      // amount and refuses one litoshi more.
      const max = await space.admin.client.post<{ amount: string; fee: string; symbol: string }>(
        '/api/v1/fee/estimate/max',
        { wallet_id: walletId, to: outside, fee_tier: 'custom', custom_fee_rate: '2' },
      );
      expect(max.code).toBe('OK');
      const sats = (coins: string) => BigInt(Math.round(Number(coins) * 1e8));
      expect(sats(max.data.amount) + sats(max.data.fee)).toBe(sats('4.5'));
      expect(max.data.symbol).toBe('LTC');
      const oneMore = (sats(max.data.amount) + 1n).toString().padStart(9, '0');
      const plusOne = `${oneMore.slice(0, -8)}.${oneMore.slice(-8)}`;
      expect((await post({ amount: plusOne })).code).toBe('TRANSFER_FEE_EXCEEDS_BALANCE_ERROR');
      const all = await post({ amount: max.data.amount });
      expect(all.code).toBe('OK');
      const swept = await space.admin.client.get<{ outputs: unknown[]; change: unknown; fee_sat: string }>(
        '/api/v1/task/info',
        { task_id: (all.data as { task_id: number }).task_id },
      );
      expect(swept.data).toMatchObject({ outputs: [expect.anything()], change: null });
      expect(BigInt(swept.data.fee_sat)).toBe(sats(max.data.fee));
      // Its coins are held: nothing is left to send until it is revoked.
      const held = await space.admin.client.post<{ amount: string }>('/api/v1/fee/estimate/max', {
        wallet_id: walletId,
        fee_tier: 'custom',
        custom_fee_rate: '2',
      });
      expect(held.data.amount).toBe('0');
      expect(
        (
          await space.admin.client.post('/api/v1/task/revoke', {
            task_id: (all.data as { task_id: number }).task_id,
          })
        ).code,
      ).toBe('OK');
    });

    it('prices one transfer at each tier as the wallet would pay it (POST /fee/single-estimate)', async () => {
      const outside = await node.newAddress('miner');
      const estimate = await space.admin.client.post<{
        unit: string;
        payer: string;
        tiers: Record<'slow' | 'standard' | 'fast', { rate: string; fee: string; fee_usd: string | null }>;
      }>('/api/v1/fee/single-estimate', { wallet_id: walletId, to: outside, amount: '1' });
      expect(estimate.code).toBe('OK');
      expect(estimate.data).toMatchObject({ unit: 'sat/vB', payer: 'wallet' });
      // The transfer created at the same tier pays exactly the estimate.
      const created = await space.admin.client.post<{ task_id: number }>('/api/v1/task', {
        wallet_id: walletId,
        to: outside,
        amount: '1',
        fee_tier: 'standard',
      });
      expect(created.code).toBe('OK');
      const info = await space.admin.client.get<{ fee_sat: string }>('/api/v1/task/info', {
        task_id: created.data.task_id,
      });
      expect(BigInt(info.data.fee_sat)).toBe(
        BigInt(Math.round(Number(estimate.data.tiers.standard.fee) * 1e8)),
      );
      expect(
        (await space.admin.client.post('/api/v1/task/revoke', { task_id: created.data.task_id })).code,
      ).toBe('OK');
    });

    it('keeps a Litecoin address in the address book, spelled and checked by the family (chain_id)', async () => {
      const vendor = await node.newAddress('miner');
      const add = async (address: string, chain_id: string | null = CHAIN) => {
        await allowResend(t, space.admin.email);
        await sendCode(space.admin.client, 'address_book_add');
        return space.admin.client.post<{ address: string }>('/api/v1/address-book', {
          name: 'Vendor LTC',
          address,
          ...(chain_id ? { chain_id } : {}),
          email_code: await readCode(t, space.admin.email),
        });
      };
      const added = await add(vendor.toUpperCase());
      expect(added.code).toBe('OK');
      expect(added.data.address).toBe(vendor);
      const book = await space.admin.client.get<{ list: Array<{ address: string; family: string }> }>(
        '/api/v1/address-book',
      );
      expect(book.data.list).toContainEqual(expect.objectContaining({ address: vendor, family: 'BTC' }));
      expect((await add(vendor)).code).toBe('RESOURCE_EXISTS_ERROR');
      const evmOnLitecoin = await add('0x000000000000000000000000000000000000dEaD');
      expect(evmOnLitecoin.code).toMatch(/ADDRESS/);
      // Without a chain the entry is an EVM address, as before: a Litecoin address is refused.
      expect((await add(vendor, null)).code).toMatch(/ADDRESS|CHAIN_UNSUPPORTED/);
      const type = await space.admin.client.get<{ type: string }>('/api/v1/addr-type', {
        chain_key: CHAIN,
        address: vendor,
      });
      expect(type.data.type).toBe('address_book');
    });

    let taskId: number;
    let outside: string;
    let second: string;

    it('a transfer to two outside addresses with change: 2 approvals, UTXOs locked, PSBT and signing requests at 3', async () => {
      outside = await node.newAddress('miner');
      // Risk tags work for Bitcoin-family recipients too: a new address, and a malformed one refused.
      const tags = await space.admin.client.get<{ tags: number[] }>('/api/v1/address/tag', {
        wallet_id: walletId,
        address: outside,
      });
      expect(tags.data.tags).toContain(6);
      expect(
        (
          await space.admin.client.get('/api/v1/address/tag', {
            wallet_id: walletId,
            address: '0x0000000000000000000000000000000000000001',
          })
        ).code,
      ).toBe('CHAIN_ADDRESS_INVALID_ERROR');
      second = await node.newAddress('miner');
      const created = await space.admin.client.post<{ task_id: number; status: number }>('/api/v1/task', {
        wallet_id: walletId,
        to: outside,
        amount: '4',
        outputs: [{ to: second, amount: '0.1' }],
        fee_tier: 'custom',
        custom_fee_rate: '2',
      });
      expect(created.code).toBe('OK');
      expect(created.data.status).toBe(0);
      taskId = created.data.task_id;
      const locked = await space.admin.client.get<{
        available_sat: string;
        list: Array<{ locked: boolean; task_id: number | null }>;
      }>('/api/v1/wallets/utxos', { wallet_id: walletId });
      expect(locked.data.list.every((u) => u.locked && u.task_id === taskId)).toBe(true);
      expect(locked.data.available_sat).toBe('0');
      // Nothing left to spend while the task is active.
      expect(
        (await space.admin.client.post('/api/v1/task', { wallet_id: walletId, to: outside, amount: '0.1' }))
          .code,
      ).toBe('UTXO_SHORTAGE_ERROR');
      for (const i of [alice, bob])
        expect((await who(i).client.post('/api/v1/task/approve', { task_id: taskId, result: 1 })).code).toBe(
          'OK',
        );
      const info = await space.admin.client.get<TaskInfo>('/api/v1/task/info', { task_id: taskId });
      expect(info.data.status).toBe(3);
      expect(info.data.psbt).toMatch(/^cHNid/);
      expect(info.data.signing_requests).toHaveLength(2);
      expect(info.data.signing_requests![0]!.keys.map((k) => k.fingerprint).sort()).toEqual(
        signers.map((s) => s.key.fingerprint).sort(),
      );
      expect(info.data.outputs.map((o) => o.to)).toEqual([outside, second]);
      expect(info.data.change).not.toBeNull();
    });

    it("previous transactions for a hardware signer: each input's whole transaction, only while signing", async () => {
      const { data } = await who(alice).client.get<TaskInfo>('/api/v1/task/info', { task_id: taskId });
      const reply = await who(alice).client.get<{ transactions: Array<{ txid: string; hex: string }> }>(
        '/api/v1/task/previous-transactions',
        { task_id: taskId },
      );
      expect(reply.code).toBe('OK');
      const psbt = Psbt.fromBase64(data.psbt, { network: bitcoinNetwork(CHAIN).bitcoinjs });
      psbt.txInputs.forEach((input, index) => {
        const txid = Buffer.from(input.hash).reverse().toString('hex');
        const hex = reply.data.transactions.find((t) => t.txid === txid)?.hex;
        const spent = Transaction.fromHex(hex!).outs[input.index]!;
        // The spent output is the one the PSBT says (amount and script), so a device can check it.
        expect(Transaction.fromHex(hex!).getId()).toBe(txid);
        expect(spent.value).toBe(psbt.data.inputs[index]!.witnessUtxo!.value);
        expect(Buffer.from(spent.script)).toEqual(Buffer.from(psbt.data.inputs[index]!.witnessUtxo!.script));
      });
      // No such task; and none once the task is signed (below).
      expect(
        (await who(alice).client.get('/api/v1/task/previous-transactions', { task_id: 999999 })).code,
      ).toBe('TASK_NOT_FOUND_ERROR');
    });

    it('PSBT signatures: a key of another user is refused, one signature cannot be broadcast (stays 3), two move it to 5', async () => {
      const { data } = await space.admin.client.get<TaskInfo>('/api/v1/task/info', { task_id: taskId });
      // Alice sends Bob's signature: not her key.
      expect(
        (
          await who(alice).client.post('/api/v1/sign', {
            task_id: taskId,
            psbt: signPsbtAsSigner(data.psbt, CHAIN, signers[bob]!),
          })
        ).code,
      ).toBe('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
      // A tampered PSBT (another transaction) is refused.
      const one = await who(alice).client.post<{ status: number; signatures: number }>('/api/v1/sign', {
        task_id: taskId,
        psbt: signPsbtAsSigner(data.psbt, CHAIN, signers[alice]!),
      });
      expect(one.data).toMatchObject({ status: 3, signatures: 1 });
      expect(
        (
          await who(alice).client.post('/api/v1/sign', {
            task_id: taskId,
            psbt: signPsbtAsSigner(data.psbt, CHAIN, signers[alice]!),
          })
        ).code,
      ).toBe('SIGNATURE_DUPLICATE_ERROR');
      const early = await space.admin.client.post<{ reason: string }>('/api/v1/broadcast', {
        task_id: taskId,
      });
      expect(early.code).toBe('TASK_STATUS_ERROR');
      expect(early.data).toMatchObject({ reason: 'signatures_below_threshold' });
      expect(
        (await space.admin.client.get<TaskInfo>('/api/v1/task/info', { task_id: taskId })).data.status,
      ).toBe(3);
      const two = await who(bob).client.post<{ status: number; signatures: number }>('/api/v1/sign', {
        task_id: taskId,
        psbt: signPsbtAsSigner(data.psbt, CHAIN, signers[bob]!),
      });
      expect(two.data).toMatchObject({ status: 5, signatures: 2 });
      expect(
        (await who(alice).client.get('/api/v1/task/previous-transactions', { task_id: taskId })).code,
      ).toBe('TASK_STATUS_ERROR');
      expect(
        (
          await who(carol).client.post('/api/v1/sign', {
            task_id: taskId,
            psbt: signPsbtAsSigner(data.psbt, CHAIN, signers[carol]!),
          })
        ).code,
      ).toBe('SIGNATURE_TASK_STATUS_ERROR');
    });

    let replacementId: number;

    it('broadcast: stored then relayed once (6); a second broadcast is refused; RBF at a too-low rate refused, a higher one replaces it', async () => {
      const sent = await space.admin.client.post<{ status: number; tx_hash: string }>('/api/v1/broadcast', {
        task_id: taskId,
      });
      expect(sent.code).toBe('OK');
      expect(sent.data.status).toBe(6);
      const original = sent.data.tx_hash;
      expect((await node.rpc('getrawmempool')) as string[]).toContain(original);
      expect((await space.admin.client.post('/api/v1/broadcast', { task_id: taskId })).code).toBe(
        'TX_ALREADY_BROADCAST_ERROR',
      );
      const attempts = await t.ctx.db
        .selectFrom('task_broadcasts')
        .select(['tx_hash', 'send_count', 'raw_tx'])
        .where('task_id', '=', taskId)
        .execute();
      expect(attempts).toHaveLength(1);
      expect(attempts[0]).toMatchObject({ tx_hash: original, send_count: 1 });

      expect(
        (
          await space.admin.client.post('/api/v1/task/speed-up', {
            task_id: taskId,
            fee_tier: 'custom',
            custom_fee_rate: '2.5',
          })
        ).code,
      ).toBe('RBF_FEE_RATE_TOO_LOW_ERROR');
      const bumped = await space.admin.client.post<{ task_id: number; status: number }>(
        '/api/v1/task/speed-up',
        { task_id: taskId, fee_tier: 'custom', custom_fee_rate: '10' },
      );
      expect(bumped.code).toBe('OK');
      expect(bumped.data.status).toBe(3);
      replacementId = bumped.data.task_id;
      const info = await space.admin.client.get<TaskInfo>('/api/v1/task/info', { task_id: replacementId });
      expect(BigInt(info.data.fee_sat)).toBeGreaterThan(
        BigInt(
          (await space.admin.client.get<TaskInfo>('/api/v1/task/info', { task_id: taskId })).data.fee_sat,
        ),
      );
      for (const i of [bob, carol])
        expect(
          (
            await who(i).client.post('/api/v1/sign', {
              task_id: replacementId,
              psbt: signPsbtAsSigner(info.data.psbt, CHAIN, signers[i]!),
            })
          ).code,
        ).toBe('OK');
      const replaced = await space.admin.client.post<{ tx_hash: string }>('/api/v1/broadcast', {
        task_id: replacementId,
      });
      expect(replaced.code).toBe('OK');
      const mempool = (await node.rpc('getrawmempool')) as string[];
      expect(mempool).toContain(replaced.data.tx_hash);
      expect(mempool).not.toContain(original);
      const old = await space.admin.client.get<TaskInfo>('/api/v1/task/info', { task_id: taskId });
      expect(old.data.status).toBe(10);
      expect(old.data.replaced_by).toMatchObject({ task_id: replacementId });
    });

    it('the watcher confirms after mining (→ 1); the recipients are paid and the change is the wallet’s only UTXO', async () => {
      await node.mineBlocks(1, miner);
      expect(await followTransfers(t.ctx)).toBe(1);
      const done = await space.admin.client.get<TaskInfo & { hash: string }>('/api/v1/task/info', {
        task_id: replacementId,
      });
      expect(done.data.status).toBe(1);
      const tx = (await node.rpc('getrawtransaction', [done.data.hash, true])) as {
        confirmations: number;
        vout: Array<{ value: number; scriptPubKey: { address?: string; addresses?: string[] } }>;
      };
      expect(tx.confirmations).toBe(1);
      const paid = (address: string) =>
        tx.vout.find((o) => (o.scriptPubKey.address ?? o.scriptPubKey.addresses?.[0]) === address)?.value;
      expect(paid(outside)).toBe(4);
      expect(paid(second)).toBe(0.1);
      const utxos = await space.admin.client.get<{ list: Array<{ branch: number; locked: boolean }> }>(
        '/api/v1/wallets/utxos',
        { wallet_id: walletId },
      );
      expect(utxos.data.list).toHaveLength(1);
      expect(utxos.data.list[0]).toMatchObject({ branch: 1, locked: false });
    });

    it('a replaced transfer whose own transaction is mined after all is completed, and its rival cancelled', async () => {
      // The state a dropped replacement leaves: the task whose txid is in a block was marked replaced (10)
      // while the other one of the pair still waits at 6. The watcher must follow the chain, not the marks.
      const mined = await t.ctx.db
        .selectFrom('tasks')
        .select(['id', 'replaces'])
        .where('id', '=', replacementId)
        .executeTakeFirstOrThrow();
      await t.ctx.db
        .updateTable('tasks')
        .set({ status: 10, block_hash: null, block_number: null, failure_reason: 'replaced' })
        .where('id', '=', mined.id)
        .execute();
      await t.ctx.db.updateTable('tasks').set({ status: 6 }).where('id', '=', mined.replaces!).execute();
      expect(await followTransfers(t.ctx)).toBe(1);
      const revived = await t.ctx.db
        .selectFrom('tasks')
        .select(['status', 'block_hash'])
        .where('id', '=', mined.id)
        .executeTakeFirstOrThrow();
      expect(revived.status).toBe(1);
      expect(revived.block_hash).not.toBeNull();
      expect(
        (
          await t.ctx.db
            .selectFrom('tasks')
            .select('status')
            .where('id', '=', mined.replaces!)
            .executeTakeFirstOrThrow()
        ).status,
      ).toBe(10);
    });

    /** Creates a 0.1 LTC transfer and takes it through two approvals (and two signatures when `sign`). */
    async function transfer(sign: boolean): Promise<number> {
      const created = await space.admin.client.post<{ task_id: number }>('/api/v1/task', {
        wallet_id: walletId,
        to: outside,
        amount: '0.1',
        fee_tier: 'slow',
      });
      expect(created.code).toBe('OK');
      const id = created.data.task_id;
      for (const i of [alice, bob])
        expect((await who(i).client.post('/api/v1/task/approve', { task_id: id, result: 1 })).code).toBe(
          'OK',
        );
      if (sign) {
        const { data } = await space.admin.client.get<TaskInfo>('/api/v1/task/info', { task_id: id });
        for (const i of [alice, carol])
          expect(await signTaskPsbt(who(i), id, data.psbt, CHAIN, signers[i]!)).toBe('OK');
      }
      return id;
    }
    const lockedBy = async () =>
      (
        await space.admin.client.get<{ list: Array<{ task_id: number | null }> }>('/api/v1/wallets/utxos', {
          wallet_id: walletId,
        })
      ).data.list.map((u) => u.task_id);

    it('revoke at 5 ends the task and frees its outpoints', async () => {
      const id = await transfer(true);
      expect(await lockedBy()).toEqual([id]);
      const revoked = await space.admin.client.post<{ status: number }>('/api/v1/task/revoke', {
        task_id: id,
      });
      expect(revoked.data.status).toBe(7);
      expect(await lockedBy()).toEqual([null]);
      expect((await space.admin.client.post('/api/v1/broadcast', { task_id: id })).code).toBe(
        'TASK_STATUS_ERROR',
      );
    });

    let resentTx: string;
    let resentTask: number;

    it('outbox: a broadcast stored but never sent (node unreachable) is sent by the watcher once, not again once known', async () => {
      resentTask = await transfer(true);
      const adapter = t.ctx.chains.utxoChain(CHAIN);
      const realBroadcast = adapter.broadcast;
      adapter.broadcast = async () => {
        throw new BitcoinError('RPC_ERROR', 'node unreachable');
      };
      let sent;
      try {
        sent = await space.admin.client.post<{ status: number; tx_hash: string }>('/api/v1/broadcast', {
          task_id: resentTask,
        });
      } finally {
        adapter.broadcast = realBroadcast;
      }
      expect(sent.data.status).toBe(6);
      resentTx = sent.data.tx_hash;
      expect((await node.rpc('getrawmempool')) as string[]).not.toContain(resentTx);
      const attempt = () =>
        t.ctx.db
          .selectFrom('task_broadcasts')
          .select(['send_count', 'sent_at'])
          .where('tx_hash', '=', resentTx)
          .executeTakeFirstOrThrow();
      expect(await attempt()).toMatchObject({ send_count: 1, sent_at: null });
      // Too recent to resend; then older than the resend delay: sent once more.
      await followTransfers(t.ctx);
      expect((await attempt()).send_count).toBe(1);
      await t.ctx.db
        .updateTable('task_broadcasts')
        .set({ created_at: new Date(Date.now() - 60_000) } as never)
        .where('tx_hash', '=', resentTx)
        .execute();
      await followTransfers(t.ctx);
      expect((await node.rpc('getrawmempool')) as string[]).toContain(resentTx);
      expect((await attempt()).send_count).toBe(2);
      await t.ctx.db
        .updateTable('task_broadcasts')
        .set({ sent_at: new Date(Date.now() - 60_000) })
        .where('tx_hash', '=', resentTx)
        .execute();
      await followTransfers(t.ctx);
      expect((await attempt()).send_count).toBe(2);
    });

    it('reorg: a confirmed transfer whose block leaves the main chain goes back to 6, and to 1 when mined again', async () => {
      const [block] = await node.mineBlocks(1, miner);
      await followTransfers(t.ctx);
      const status = async () =>
        (
          await space.admin.client.get<TaskInfo & { block_number: string | null }>('/api/v1/task/info', {
            task_id: resentTask,
          })
        ).data;
      expect(await status()).toMatchObject({ status: 1, hash: resentTx });
      const records = () =>
        t.ctx.db.selectFrom('transfer_records').select('tx_hash').where('task_id', '=', resentTask).execute();
      expect(await records()).toHaveLength(1);
      await node.rpc('invalidateblock', [block]);
      await followTransfers(t.ctx);
      expect(await status()).toMatchObject({ status: 6, block_number: null });
      expect(await records()).toHaveLength(0);
      await node.rpc('reconsiderblock', [block]);
      await followTransfers(t.ctx);
      expect(await status()).toMatchObject({ status: 1 });
      expect(await records()).toHaveLength(1);
    });

    it('the background refresh keeps the balance cache of Bitcoin-family wallets', async () => {
      await t.ctx.db.deleteFrom('wallet_balances').where('wallet_id', '=', walletId).execute();
      await refreshBalances(t.ctx);
      const utxos = await t.ctx.chains
        .utxoChain(CHAIN)
        .listUtxos(
          { chain: CHAIN, threshold: 2, keys: signers.map((s) => s.key) },
          { receiveCount: 30, changeCount: 30 },
        );
      const row = await t.ctx.db
        .selectFrom('wallet_balances')
        .select('amount')
        .where('wallet_id', '=', walletId)
        .executeTakeFirstOrThrow();
      expect(row.amount).toBe(utxos.reduce((s, u) => s + u.value, 0n).toString());
    });

    it('manual UTXO choice, and two transfers racing for the only UTXO: one wins, the other is UTXO_SHORTAGE_ERROR', async () => {
      const { data } = await space.admin.client.get<{ list: Array<{ outpoint: string }> }>(
        '/api/v1/wallets/utxos',
        { wallet_id: walletId },
      );
      expect(data.list).toHaveLength(1);
      const body = { wallet_id: walletId, to: outside, amount: '0.01', utxos: [data.list[0]!.outpoint] };
      const replies = await Promise.all([
        space.admin.client.post<{ task_id: number }>('/api/v1/task', body),
        space.admin.client.post<{ task_id: number }>('/api/v1/task', body),
      ]);
      expect(replies.map((r) => r.code).sort()).toEqual(['OK', 'UTXO_SHORTAGE_ERROR']);
      const winner = replies.find((r) => r.code === 'OK')!.data.task_id;
      const info = await space.admin.client.get<TaskInfo & { inputs: Array<{ outpoint: string }> }>(
        '/api/v1/task/info',
        { task_id: winner },
      );
      expect(info.data.inputs.map((i) => i.outpoint)).toEqual([data.list[0]!.outpoint]);
      expect((await space.admin.client.post('/api/v1/task/revoke', { task_id: winner })).code).toBe('OK');
    });

    it('imports a wallet from its descriptor (members\u2019 keys must reach the threshold); the same one twice is refused', async () => {
      const descriptor = walletDescriptors({
        chain: CHAIN,
        threshold: 2,
        keys: [signers[alice]!.key, signers[carol]!.key],
      }).receive;
      const base = { name: 'Imported', chain_key: CHAIN, operators: [space.admin.userId] };
      const imported = await space.admin.client.post<{
        wallet_id: number;
        status: number;
        threshold: number;
        descriptor: { receive: string };
      }>('/api/v1/wallets/bitcoin/import', { ...base, descriptor });
      expect(imported.code).toBe('OK');
      expect(imported.data).toMatchObject({ status: 1, threshold: 2, descriptor: { receive: descriptor } });
      const signersOf = await space.admin.client.get<{ signers: Array<{ user_id: number }> }>(
        '/api/v1/wallets/base-info',
        { wallet_id: imported.data.wallet_id },
      );
      expect(signersOf.data.signers.map((s) => s.user_id).sort()).toEqual(
        [who(alice).userId, who(carol).userId].sort(),
      );
      expect(
        (await space.admin.client.post('/api/v1/wallets/bitcoin/import', { ...base, descriptor })).code,
      ).toBe('WALLET_EXISTS_ERROR');
      const outsider = testSigner(CHAIN, new Uint8Array(32).fill(50));
      const foreign = walletDescriptors({
        chain: CHAIN,
        threshold: 2,
        keys: [signers[bob]!.key, outsider.key],
      }).receive;
      expect(
        (await space.admin.client.post('/api/v1/wallets/bitcoin/import', { ...base, descriptor: foreign }))
          .code,
      ).toBe('THRESHOLD_MISMATCH_ERROR');
    });

    it('dev faucet: coins for a deposit address, confirmed at once', async () => {
      const next = await space.admin.client.post<{ address: string }>('/api/v1/wallets/bitcoin/address', {
        wallet_id: walletId,
      });
      const funded = await space.admin.client.post<{ txid: string }>('/api/v1/dev/utxo-faucet', {
        address: next.data.address,
        amount: '2',
      });
      expect(funded.code).toBe('OK');
      const utxos = await space.admin.client.get<{
        list: Array<{ txid: string; value: string; confirmations: number }>;
      }>('/api/v1/wallets/utxos', { wallet_id: walletId });
      expect(utxos.data.list.find((u) => u.txid === funded.data.txid)).toMatchObject({
        value: '2',
        confirmations: 1,
      });
    });

    it('devnet PSBT signer (dev mode): keys 1\u20139 register, verify and sign like an outside wallet', async () => {
      const keys = await who(carol).client.get<{
        list: Array<{ index: number; xpub: string; fingerprint: string; path: string }>;
      }>('/api/v1/dev/utxo-devnet-keys');
      const key = keys.data.list.find((k) => k.index === 4)!;
      expect(key.xpub).toMatch(/^tpub/);
      const added = await who(carol).client.post<{ id: number }>('/api/v1/permission-address/bitcoin', {
        name: 'Devnet 4',
        chain_key: CHAIN,
        xpub: key.xpub,
        fingerprint: key.fingerprint,
        path: key.path,
      });
      const challenge = await who(carol).client.get<{ challenge_id: number; message: string }>(
        '/api/v1/permission-address/challenge',
        { id: added.data.id },
      );
      const signed = await who(carol).client.post<{ signature: string }>(
        '/api/v1/dev/utxo-devnet-sign-message',
        { index: 4, message: challenge.data.message },
      );
      expect(
        (
          await who(carol).client.post('/api/v1/permission-address/bitcoin/verify', {
            id: added.data.id,
            challenge_id: challenge.data.challenge_id,
            signature: signed.data.signature,
          })
        ).code,
      ).toBe('OK');
      const devnet = testSigner(CHAIN, new Uint8Array(32).fill(4));
      expect(devnet.key.xpub).toBe(key.xpub);
      const { data } = await space.admin.client.get<{ list: Array<{ outpoint: string }> }>(
        '/api/v1/wallets/utxos',
        { wallet_id: walletId },
      );
      const created = await space.admin.client.post<{ task_id: number }>('/api/v1/task', {
        wallet_id: walletId,
        to: outside,
        amount: '0.01',
        utxos: [data.list[0]!.outpoint],
      });
      const info = await space.admin.client.get<TaskInfo>('/api/v1/task/info', {
        task_id: created.data.task_id,
      });
      const byDevnet = await who(carol).client.post<{ psbt: string }>('/api/v1/dev/utxo-devnet-sign', {
        index: 4,
        psbt: info.data.psbt,
      });
      expect(byDevnet.data.psbt).toBe(signPsbtAsSigner(info.data.psbt, CHAIN, devnet));
      expect(
        (await space.admin.client.post('/api/v1/task/revoke', { task_id: created.data.task_id })).code,
      ).toBe('OK');
    });

    it('concurrent PSBT signatures: two signers at once both count (→ 5); the same PSBT twice at once counts once', async () => {
      const { data } = await space.admin.client.get<{ list: Array<{ outpoint: string; locked: boolean }> }>(
        '/api/v1/wallets/utxos',
        { wallet_id: walletId },
      );
      const free = data.list.filter((u) => !u.locked);
      const made = await space.admin.client.post<{ task_id: number }>('/api/v1/task', {
        wallet_id: walletId,
        to: outside,
        amount: '0.01',
        utxos: [free[0]!.outpoint],
      });
      for (const i of [alice, bob])
        await who(i).client.post('/api/v1/task/approve', { task_id: made.data.task_id, result: 1 });
      const info = await space.admin.client.get<TaskInfo>('/api/v1/task/info', {
        task_id: made.data.task_id,
      });
      const mine = signPsbtAsSigner(info.data.psbt, CHAIN, signers[alice]!);
      const twice = await Promise.all([
        who(alice).client.post('/api/v1/sign', { task_id: made.data.task_id, psbt: mine }),
        who(alice).client.post('/api/v1/sign', { task_id: made.data.task_id, psbt: mine }),
      ]);
      expect(twice.map((r) => r.code).sort()).toEqual(['OK', 'SIGNATURE_DUPLICATE_ERROR']);
      const both = await Promise.all([
        who(bob).client.post<{ status: number }>('/api/v1/sign', {
          task_id: made.data.task_id,
          psbt: signPsbtAsSigner(info.data.psbt, CHAIN, signers[bob]!),
        }),
        who(carol).client.post<{ status: number }>('/api/v1/sign', {
          task_id: made.data.task_id,
          psbt: signPsbtAsSigner(info.data.psbt, CHAIN, signers[carol]!),
        }),
      ]);
      // Bob's signature crosses 2 of 3; Carol's arrives at 5 (or first, and then Bob's is late).
      expect(both.map((r) => r.code).sort()).toEqual(['OK', 'SIGNATURE_TASK_STATUS_ERROR']);
      const after = await space.admin.client.get<TaskInfo>('/api/v1/task/info', {
        task_id: made.data.task_id,
      });
      expect(after.data.status).toBe(5);
      expect(after.data.signatures).toHaveLength(2);
      expect(
        (await space.admin.client.post('/api/v1/task/revoke', { task_id: made.data.task_id })).code,
      ).toBe('OK');
    });

    it('a batch of 50 recipients from a CSV: one transaction with 50 outputs and change, confirmed, each paid', async () => {
      await node.rpc('sendtoaddress', [walletAddress, 15], { wallet: 'miner' });
      await node.mineBlocks(1, miner);
      const recipients: string[] = [];
      for (let i = 0; i < 50; i++) recipients.push(await node.newAddress('miner'));
      const amount = (i: number) => `0.${String(i + 1).padStart(2, '0')}`;
      const csv = [
        'address,amount,token,memo',
        ...recipients.map((to, i) => `${to},${amount(i)},LTC,row ${i}`),
      ].join('\n');
      const body = { wallet_id: walletId, csv, fee_tier: 'custom', custom_fee_rate: '2' };
      const priced = await space.admin.client.post<{
        fee: { fee: string; paid_by: string };
        recipients: number;
      }>('/api/v1/fee/estimate-one-to-many', body);
      expect(priced.code).toBe('OK');
      expect(priced.data).toMatchObject({ recipients: 50, fee: { paid_by: 'wallet' } });
      const created = await space.admin.client.post<{ task_id: number; type: number }>(
        '/api/v1/task/one-to-many',
        body,
      );
      expect(created.code).toBe('OK');
      expect(created.data.type).toBe(4);
      const batchId = created.data.task_id;
      for (const i of [alice, bob])
        expect((await who(i).client.post('/api/v1/task/approve', { task_id: batchId, result: 1 })).code).toBe(
          'OK',
        );
      const { data } = await space.admin.client.get<TaskInfo>('/api/v1/task/info', { task_id: batchId });
      // The fee the wallet pays is the one the estimate showed.
      expect(BigInt(data.fee_sat)).toBe(BigInt(Math.round(Number(priced.data.fee.fee) * 1e8)));
      expect(data.outputs.map((o) => o.to)).toEqual(recipients);
      for (const i of [alice, bob])
        expect(await signTaskPsbt(who(i), batchId, data.psbt, CHAIN, signers[i]!)).toBe('OK');
      const sent = await space.admin.client.post<{ tx_hash: string }>('/api/v1/broadcast', {
        task_id: batchId,
      });
      expect(sent.code).toBe('OK');
      await node.mineBlocks(1, miner);
      expect(await followTransfers(t.ctx)).toBeGreaterThanOrEqual(1);
      // Litecoin Core's own reading of the confirmed transaction: every recipient paid its row.
      const tx = (await node.rpc('getrawtransaction', [sent.data.tx_hash, true])) as {
        confirmations: number;
        vout: Array<{ value: number; scriptPubKey: { address?: string; addresses?: string[] } }>;
      };
      expect(tx.confirmations).toBe(1);
      expect(tx.vout).toHaveLength(51);
      const paid = (to: string) =>
        tx.vout.find((o) => (o.scriptPubKey.address ?? o.scriptPubKey.addresses?.[0]) === to)?.value;
      recipients.forEach((to, i) => expect(paid(to), to).toBe(Number(amount(i))));
      const done = await space.admin.client.get<{ status: number; batch_rows: Array<{ effect: string }> }>(
        '/api/v1/task/info',
        { task_id: batchId },
      );
      expect(done.data.status).toBe(1);
      expect(done.data.batch_rows.every((row) => row.effect === 'paid')).toBe(true);
    });

    it('pre-signed: two transfers hold distinct coins (one chosen), are signed now, broadcast later with the e-mail code', async () => {
      await node.rpc('sendtoaddress', [walletAddress, 2], { wallet: 'miner' });
      const funding = (await node.rpc('sendtoaddress', [walletAddress, 3], { wallet: 'miner' })) as string;
      await node.mineBlocks(1, miner);
      const coins = await space.admin.client.get<{
        list: Array<{ txid: string; vout: number; value: string }>;
      }>('/api/v1/wallets/utxos', { wallet_id: walletId });
      const chosen = coins.data.list.find((c) => c.txid === funding && c.value === '3')!;
      const outside = [await node.newAddress('miner'), await node.newAddress('miner')];
      const body = {
        wallet_id: walletId,
        transfers: [
          {
            name: 'Exit A',
            to: outside[0],
            amount: '2.5',
            fee_tier: 'custom',
            custom_fee_rate: '2',
            utxos: [`${chosen.txid}:${chosen.vout}`],
          },
          { name: 'Exit B', to: outside[1], amount: '1', fee_tier: 'custom', custom_fee_rate: '2' },
        ],
      };
      const priced = await space.admin.client.post<{ transfers: Array<{ inputs: string[]; fee: string }> }>(
        '/api/v1/fee/pre-signature',
        body,
      );
      expect(priced.code).toBe('OK');
      const [a, b] = priced.data.transfers;
      expect(a!.inputs).toEqual([`${chosen.txid}:${chosen.vout}`]);
      expect(b!.inputs.some((i) => a!.inputs.includes(i))).toBe(false);
      const created = await space.admin.client.post<{
        list: Array<{ task_id: number; type: number; name: string }>;
      }>('/api/v1/task/pre-signature', body);
      expect(created.code).toBe('OK');
      expect(created.data.list.map((x) => [x.type, x.name])).toEqual([
        [5, 'Exit A'],
        [5, 'Exit B'],
      ]);
      const [first, second] = created.data.list.map((x) => x.task_id) as [number, number];
      for (const id of [first, second]) {
        for (const i of [alice, bob])
          expect((await who(i).client.post('/api/v1/task/approve', { task_id: id, result: 1 })).code).toBe(
            'OK',
          );
        const { data } = await space.admin.client.get<TaskInfo>('/api/v1/task/info', { task_id: id });
        for (const i of [alice, bob])
          expect(await signTaskPsbt(who(i), id, data.psbt, CHAIN, signers[i]!)).toBe('OK');
      }
      // Later: the second goes first (coins, not a nonce, order them), and only with the code.
      expect((await space.admin.client.post('/api/v1/broadcast', { task_id: second })).code).toBe(
        'PARAMS_REQUIRED_ERROR',
      );
      await allowResend(t, space.admin.email);
      expect((await sendCode(space.admin.client, 'pre_sign_broadcast')).code).toBe('OK');
      const sent = await space.admin.client.post<{ tx_hash: string }>('/api/v1/broadcast', {
        task_id: second,
        email_code: await readCode(t, space.admin.email),
      });
      expect(sent.code).toBe('OK');
      await node.mineBlocks(1, miner);
      await followTransfers(t.ctx);
      const done = await space.admin.client.get<{ status: number }>('/api/v1/task/info', { task_id: second });
      expect(done.data.status).toBe(1);
      // The first is revoked: its chosen coin is free again.
      expect((await space.admin.client.post('/api/v1/task/revoke', { task_id: first })).code).toBe('OK');
      const after = await space.admin.client.get<{ list: Array<{ txid: string; locked: boolean }> }>(
        '/api/v1/wallets/utxos',
        { wallet_id: walletId },
      );
      expect(after.data.list.find((c) => c.txid === chosen.txid)?.locked).toBe(false);
    });

    it('another space reads the wallet and its transfers as not found', async () => {
      const stranger = await person(t, { mfa: true, prefix: 'stranger' });
      await createSpace(stranger, 'Elsewhere');
      expect((await stranger.client.get('/api/v1/wallets/utxos', { wallet_id: walletId })).code).toBe(
        'WALLET_NOT_FOUND_ERROR',
      );
      expect((await stranger.client.get('/api/v1/fee/utxo-fee-rate', { wallet_id: walletId })).code).toBe(
        'WALLET_NOT_FOUND_ERROR',
      );
      expect((await stranger.client.get('/api/v1/task/info', { task_id: taskId })).code).toBe(
        'TASK_NOT_FOUND_ERROR',
      );
      expect(
        (await stranger.client.get('/api/v1/task/previous-transactions', { task_id: taskId })).code,
      ).toBe('TASK_NOT_FOUND_ERROR');
      expect((await stranger.client.post('/api/v1/sign', { task_id: taskId, psbt: 'cHNidP8=' })).code).toBe(
        'TASK_NOT_FOUND_ERROR',
      );
      expect((await stranger.client.post('/api/v1/broadcast', { task_id: taskId })).code).toBe(
        'TASK_NOT_FOUND_ERROR',
      );
    });

    it('in development, a transaction waiting in the mempool is mined by the regtest miner job', async () => {
      const endpoint = t.ctx.chains.list().find((e) => e.family === 'BTC')!;
      expect(endpoint.family).toBe('BTC');
      if (endpoint.family !== 'BTC') return;
      expect((await mineRegtest(t.ctx)) >= 0).toBe(true); // whatever earlier tests left waiting
      expect(await mineRegtest(t.ctx)).toBe(0);
      const { base, wallet } = await regtestFaucet(endpoint);
      const txid = await wallet.call<string>('sendtoaddress', [await node.newAddress('miner'), 0.5]);
      expect((await base.call<{ size: number }>('getmempoolinfo')).size).toBe(1);
      expect(await mineRegtest(t.ctx)).toBe(1);
      expect((await base.call<{ size: number }>('getmempoolinfo')).size).toBe(0);
      const tx = await wallet.call<{ confirmations: number }>('gettransaction', [txid]);
      expect(tx.confirmations).toBe(1);
    });
  },
);
