// A signer's tool that finalizes: on a real `litecoind -regtest`, the platform's PSBT that already
// holds signer A's signature is signed with signer B's key by Litecoin Core's own wallet
// (`walletprocesspsbt` finalizes at the threshold and drops the partial signatures), and that
// output is uploaded through the API. It counts, the stored PSBT keeps every partial signature
// unfinalized, every version a signer downloaded is kept, and the transfer goes to the chain.
// Refused and changing nothing: the node's PSBT from a user who does not hold B's key, the same
// upload twice, a finalized PSBT of another transaction.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bitcoinNetwork,
  partialSignatures,
  readPsbt,
  signingRequests,
  submittedSignatures,
  type PartialSignature,
} from '@keystead/chains';
import { signPsbtAsSigner, testSigner } from '@keystead/chains/bitcoin/test-signer';
import { isLitecoindAvailable, startLitecoinRegtest, type LitecoinRegtest } from '@keystead/devnet';
import {
  litecoinCoreCosigner,
  litecoinRegtestChain,
  verifiedBitcoinSigner,
} from '../../../test/bitcoin-helpers';
import type { Person } from '../../../test/space-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { taskSnapshot, transferSpace, type TransferSpace } from '../../../test/transfer-helpers';
import { followTransfers } from '../../jobs/transfer-watcher';

const CHAIN = 'ltc-regtest' as const;
const network = bitcoinNetwork(CHAIN);

interface TaskInfo {
  status: number;
  psbt: string;
  hash: string | null;
  signing_requests: Array<{
    inputIndex: number;
    keys: Array<{ fingerprint: string; signed: boolean }>;
  }> | null;
  signatures: unknown[];
}

interface Processed {
  psbt: string;
  complete: boolean;
}

/** Inputs of a PSBT: is any finalized, and the partial signatures' keys of each. */
function inputsOf(psbt: string) {
  return readPsbt(psbt, network).data.inputs.map((input) => ({
    finalized: Boolean(input.finalScriptWitness ?? input.finalScriptSig),
    partialKeys: (input.partialSig ?? []).map((p) => Buffer.from(p.pubkey).toString('hex')).sort(),
  }));
}

describe.skipIf(!isLitecoindAvailable())(
  'a PSBT finalized by Litecoin Core’s wallet, uploaded as a signature (litecoind -regtest)',
  () => {
    let t: TestApp;
    let node: LitecoinRegtest;
    let dataDir: string;
    let miner: string;
    let space: TransferSpace;
    const signers = [61, 62, 63].map((n) => testSigner(CHAIN, new Uint8Array(32).fill(n)));
    const [alice, bob, carol] = [0, 1, 2];
    const who = (i: number): Person => space.members[i]!;
    const wallet = { chain: CHAIN, threshold: 2, keys: signers.map((s) => s.key) };

    let walletId: number;
    let taskId: number;
    let otherTaskId: number;
    /** What signers downloaded: the unsigned original, then with signer A's signature. */
    let unsigned: string;
    let signedByA: string;
    /** Litecoin Core's output for the transfer, and its own finalized transaction of it. */
    let processed: Processed;
    let nodeTx: string;

    /** Signer `i`'s public key on every input (from the PSBT's BIP-32 origins), by input index. */
    const keyOf = (psbt: string, i: number) =>
      signingRequests(psbt, CHAIN).map(
        (r) => r.keys.find((k) => k.fingerprint === signers[i]!.key.fingerprint)!.pubkey,
      );
    const info = async (id = taskId) =>
      (await space.admin.client.get<TaskInfo>('/api/v1/task/info', { task_id: id })).data;
    const versions = () =>
      t.ctx.db
        .selectFrom('task_payload_versions')
        .select(['version', 'payload', 'created_by'])
        .where('task_id', '=', taskId)
        .orderBy('version')
        .execute();
    /** Everything an upload may change: the task's rows, its stored PSBT and its versions. */
    const state = async () => ({
      task: await taskSnapshot(t, taskId),
      psbt: (await info()).psbt,
      versions: await versions(),
    });
    const upload = (i: number, psbt: string, id = taskId) =>
      who(i).client.post<{ status: number; signatures: number }>('/api/v1/sign', { task_id: id, psbt });
    /** Litecoin Core's wallet holding signer B's key signs (and, at the threshold, finalizes). */
    const walletProcess = async (psbt: string) =>
      (await node.rpc('walletprocesspsbt', [psbt], { wallet: 'cosigner-b' })) as Processed;

    beforeAll(async () => {
      dataDir = mkdtempSync(join(tmpdir(), 'keystead-finalized-psbt-'));
      node = (await startLitecoinRegtest({ dataDir }))!;
      t = await createTestApp({}, { chains: [litecoinRegtestChain(node, CHAIN)] });
      miner = await node.newAddress(await node.ensureWallet('miner'));
      await node.mineBlocks(101, miner);
      space = await transferSpace(t, 3, 'Cosigners');
      // Litecoin Core's wallet holds signer B's key (with its key origin), nothing else.
      await litecoinCoreCosigner(node, 'cosigner-b', wallet, signers[bob]!);
    }, 120_000);

    afterAll(async () => {
      await t?.close();
      await node?.stop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('a 2-of-3 wallet of verified keys, funded with three coins; a transfer of two of them waits for signatures with its unsigned PSBT as version 1', async () => {
      const signerIds: number[] = [];
      for (const i of [alice, bob, carol])
        signerIds.push(await verifiedBitcoinSigner(who(i), CHAIN, signers[i]!, `Key ${i}`));
      const created = await space.admin.client.post<{ wallet_id: number; status: number; address: string }>(
        '/api/v1/wallets/bitcoin',
        {
          name: 'Cosigned',
          chain_key: CHAIN,
          signers: signerIds,
          threshold: 2,
          operators: [space.admin.userId],
          approval_threshold: 0,
        },
      );
      expect(created.code).toBe('OK');
      expect(created.data.status).toBe(1);
      walletId = created.data.wallet_id;
      const addresses = [created.data.address];
      for (let n = 0; n < 2; n++)
        addresses.push(
          (
            await space.admin.client.post<{ address: string }>('/api/v1/wallets/bitcoin/address', {
              wallet_id: walletId,
            })
          ).data.address,
        );
      for (const address of addresses) await node.rpc('sendtoaddress', [address, 1], { wallet: 'miner' });
      await node.mineBlocks(1, miner);
      const utxos = await space.admin.client.get<{ list: Array<{ outpoint: string; index: number }> }>(
        '/api/v1/wallets/utxos',
        { wallet_id: walletId },
      );
      const outpoints = utxos.data.list.sort((a, b) => a.index - b.index).map((u) => u.outpoint);
      expect(outpoints).toHaveLength(3);

      const outside = await node.newAddress('miner');
      const transfer = async (amount: string, spend: string[]) => {
        const made = await space.admin.client.post<{ task_id: number; status: number }>('/api/v1/task', {
          wallet_id: walletId,
          to: outside,
          amount,
          utxos: spend,
          fee_tier: 'custom',
          custom_fee_rate: '2',
        });
        expect(made.code).toBe('OK');
        // No approvers: straight to signing.
        expect(made.data.status).toBe(3);
        return made.data.task_id;
      };
      taskId = await transfer('1.5', outpoints.slice(0, 2));
      otherTaskId = await transfer('0.5', outpoints.slice(2));

      const task = await info();
      unsigned = task.psbt;
      expect(task.signing_requests).toHaveLength(2);
      expect(inputsOf(unsigned)).toEqual([
        { finalized: false, partialKeys: [] },
        { finalized: false, partialKeys: [] },
      ]);
      expect(await versions()).toEqual([{ version: 1, payload: unsigned, created_by: space.admin.userId }]);
    });

    it('signer A signs in its own tool: 1 of 2, the stored PSBT holds its signature on every input (version 2)', async () => {
      const one = await upload(alice, signPsbtAsSigner(unsigned, CHAIN, signers[alice]!));
      expect(one.code).toBe('OK');
      expect(one.data).toMatchObject({ status: 3, signatures: 1 });
      const task = await info();
      signedByA = task.psbt;
      expect(inputsOf(signedByA)).toEqual(
        keyOf(signedByA, alice).map((key) => ({ finalized: false, partialKeys: [key] })),
      );
      // What signers see while signing: A signed every input, B and C not yet.
      expect(
        task.signing_requests!.map((r) => r.keys.filter((k) => k.signed).map((k) => k.fingerprint)),
      ).toEqual([[signers[alice]!.key.fingerprint], [signers[alice]!.key.fingerprint]]);
      expect((await versions()).map((v) => v.version)).toEqual([1, 2]);
    });

    it('Litecoin Core’s wallet signs that PSBT with signer B’s key and finalizes it: final witnesses, no partial signatures', async () => {
      processed = await walletProcess(signedByA);
      expect(processed.complete).toBe(true);
      expect(inputsOf(processed.psbt)).toEqual([
        { finalized: true, partialKeys: [] },
        { finalized: true, partialKeys: [] },
      ]);
      expect(
        readPsbt(processed.psbt, network).data.inputs.every((i) => i.finalScriptWitness && !i.finalScriptSig),
      ).toBe(true);
      expect(partialSignatures(processed.psbt, CHAIN)).toEqual([]);
      // The node's own transaction from it is valid.
      const final = (await node.rpc('finalizepsbt', [processed.psbt])) as { hex: string; complete: boolean };
      expect(final.complete).toBe(true);
      const [accept] = (await node.rpc('testmempoolaccept', [[final.hex]])) as Array<{ allowed: boolean }>;
      expect(accept!.allowed).toBe(true);
      nodeTx = final.hex;
    });

    it('refused, nothing changes: the node’s PSBT from users who do not hold signer B’s key; a finalized PSBT of another transaction', async () => {
      const before = await state();
      // Alice holds key A (already counted), Carol key C: B's signature is not theirs.
      expect((await upload(alice, processed.psbt)).code).toBe('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
      expect((await upload(carol, processed.psbt)).code).toBe('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
      // The other transfer's PSBT, signed by A and finalized by the node with B: another transaction.
      const other = await walletProcess(
        signPsbtAsSigner((await info(otherTaskId)).psbt, CHAIN, signers[alice]!),
      );
      expect(other.complete).toBe(true);
      expect(inputsOf(other.psbt)).toEqual([{ finalized: true, partialKeys: [] }]);
      expect((await upload(bob, other.psbt)).code).toBe('TASK_DATA_CHANGED_ERROR');
      expect(await state()).toEqual(before);
      expect((await info(otherTaskId)).signatures).toHaveLength(0);
    });

    it('signer B uploads the node’s output: counted (5, 2 signatures); the stored PSBT stays unfinalized with both partial signatures on every input', async () => {
      const two = await upload(bob, processed.psbt);
      expect(two.code).toBe('OK');
      expect(two.data).toMatchObject({ status: 5, signatures: 2 });

      const task = await info();
      expect(task.status).toBe(5);
      expect(task.signatures).toHaveLength(2);
      const [a, b] = [keyOf(task.psbt, alice), keyOf(task.psbt, bob)];
      expect(inputsOf(task.psbt)).toEqual(
        a.map((key, i) => ({ finalized: false, partialKeys: [key, b[i]!].sort() })),
      );
      // A's signatures are the very ones stored before; B's the ones inside the node's final witnesses.
      const stored = partialSignatures(task.psbt, CHAIN);
      const byKey = (sigs: PartialSignature[], keys: string[]) =>
        sigs.filter((s) => s.pubkey === keys[s.inputIndex]).sort((x, y) => x.inputIndex - y.inputIndex);
      expect(byKey(stored, a)).toEqual(byKey(partialSignatures(signedByA, CHAIN), a));
      expect(byKey(stored, b)).toEqual(byKey(submittedSignatures(processed.psbt, signedByA, CHAIN), b));
      expect(byKey(stored, b)).toHaveLength(2);
      // What signers see: A and B signed every input, C none.
      for (const request of signingRequests(task.psbt, CHAIN)) {
        const signed = Object.fromEntries(request.keys.map((k) => [k.fingerprint, k.signed]));
        expect(signed).toEqual({
          [signers[alice]!.key.fingerprint]: true,
          [signers[bob]!.key.fingerprint]: true,
          [signers[carol]!.key.fingerprint]: false,
        });
      }

      // Every version a signer downloaded is kept: the unsigned original, A's, then A's and B's.
      const kept = await versions();
      expect(kept).toEqual([
        { version: 1, payload: unsigned, created_by: space.admin.userId },
        { version: 2, payload: signedByA, created_by: who(alice).userId },
        { version: 3, payload: task.psbt, created_by: who(bob).userId },
      ]);
      expect(partialSignatures(kept[0]!.payload, CHAIN)).toEqual([]);
      expect(inputsOf(kept[0]!.payload).every((i) => !i.finalized)).toBe(true);
    });

    it('the same finalized upload again is a duplicate (from B, and from A); nothing changes', async () => {
      const before = await state();
      expect((await upload(bob, processed.psbt)).code).toBe('SIGNATURE_DUPLICATE_ERROR');
      expect((await upload(alice, processed.psbt)).code).toBe('SIGNATURE_DUPLICATE_ERROR');
      expect(await state()).toEqual(before);
    });

    it('broadcast: the server’s transaction is byte for byte the one Litecoin Core finalized; mined, the watcher completes it (1)', async () => {
      const sent = await space.admin.client.post<{ status: number; tx_hash: string }>('/api/v1/broadcast', {
        task_id: taskId,
      });
      expect(sent.code).toBe('OK');
      expect(sent.data.status).toBe(6);
      expect((await node.rpc('getrawmempool')) as string[]).toContain(sent.data.tx_hash);
      expect(await node.rpc('getrawtransaction', [sent.data.tx_hash])).toBe(nodeTx);
      await node.mineBlocks(1, miner);
      expect(await followTransfers(t.ctx)).toBe(1);
      const done = await info();
      expect(done).toMatchObject({ status: 1, hash: sent.data.tx_hash });
      const tx = (await node.rpc('getrawtransaction', [sent.data.tx_hash, true])) as {
        confirmations: number;
      };
      expect(tx.confirmations).toBe(1);
    });
  },
);
