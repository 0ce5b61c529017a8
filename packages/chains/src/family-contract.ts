// Test helper (not exported from the package): the contract every family adapter passes, run on
// a real chain by each family's `family.contract.test.ts`. It calls the adapter the way the one
// transfer lifecycle does (apps/server/src/modules/transfers: transfer-sign, transfer-broadcast,
// jobs/transfer-watcher), so a family that passes it needs no lifecycle code of its own.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  isFamilyError,
  type FamilyAdapter,
  type FamilyWallet,
  type FeeChoice,
  type FollowedTransaction,
  type SignerRecord,
  type SetupRequest,
  type SignatureSubmission,
  type StoredTransfer,
  type UnsignedExecution,
  type VerifiedSignature,
} from './family';
import { NATIVE } from './types';

/** What a family gives the suite: its adapter on a real chain and a real 2-of-3 wallet there. */
export interface FamilyContractHarness {
  adapter: FamilyAdapter;
  /** A 2-of-3 wallet funded on the chain (several times `amount`). */
  wallet: FamilyWallet;
  /** The wallet's keys as `verifySubmission` names them (`signerKey`), by key index. */
  signerKeys: string[];
  amount: bigint;
  fee: FeeChoice;
  /** A fresh address nothing has been paid to. */
  newRecipient(): Promise<string>;
  /** Wallet key `keyIndex`'s submission over the stored payload, as the signer's tool sends it. */
  sign(keyIndex: number, stored: StoredTransfer): Promise<SignatureSubmission>;
  /** The same from a key that is not the wallet's. */
  signAsNonSigner(stored: StoredTransfer): Promise<SignatureSubmission>;
  /** Wallet key `keyIndex`'s submission for `stored` whose signature covers `other`'s bytes. */
  signOtherBytes(
    keyIndex: number,
    stored: StoredTransfer,
    other: StoredTransfer,
  ): Promise<SignatureSubmission>;
  /** The submission with bytes of its signature changed. */
  forge(submission: SignatureSubmission): SignatureSubmission;
  /** sender-signs families: a funded account that signs the prepared execution. */
  broadcaster?: { address: string; signExecution(unsigned: UnsignedExecution): Promise<string> };
  /** Mines one block. */
  mine(): Promise<void>;
  /** Takes the block that holds `txHash` off the main chain. */
  reorg(txHash: string): Promise<void>;
  /**
   * How the wallet was set up: its signers' stored keys, the salt (if any), what else the family's
   * setup takes (Tron: the account and weights), and a key of another family.
   */
  setup: { signers: SignerRecord[]; nonce?: bigint; request?: Partial<SetupRequest>; foreign: SignerRecord };
  /** The catalogue code the family refuses each case with. */
  codes: { forged: string; otherBytes: string; nonSigner: string; belowThreshold: string };
  stop(): Promise<void>;
}

export type ContractCase =
  | 'setup'
  | 'own signatures'
  | 'forged'
  | 'other bytes'
  | 'non-signer'
  | 'duplicate'
  | 'below threshold'
  | 'idempotent relay'
  | 'executed'
  | 'block hash'
  | 'reorg';

export interface FamilyContractOptions {
  skip?: boolean;
  /** Cases this family fails for a known adapter bug (the reason): they run as `it.fails`. */
  knownBugs?: Partial<Record<ContractCase, string>>;
  /** Cases the chain itself rules out (the reason, e.g. no reorgs after validation): skipped. */
  notApplicable?: Partial<Record<ContractCase, string>>;
}

const sameKey = (a: string, b: string) =>
  a.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b;

/** The catalogue code `work` is refused with; fails the test when it is not refused. */
async function refusalOf(work: () => Promise<unknown>): Promise<string> {
  let result: unknown;
  try {
    result = await work();
  } catch (error) {
    if (isFamilyError(error)) return error.code;
    throw error;
  }
  throw new Error(`not refused: ${String(result)}`);
}

export function describeFamilyContract(
  name: string,
  start: () => Promise<FamilyContractHarness>,
  options: FamilyContractOptions = {},
): void {
  const test = (title: ContractCase, detail: string, fn: () => Promise<void>) =>
    (options.notApplicable?.[title] ? it.skip : options.knownBugs?.[title] ? it.fails : it)(
      `${title}: ${detail}`,
      fn,
    );

  describe.skipIf(options.skip ?? false)(`family adapter contract: ${name}`, () => {
    let h: FamilyContractHarness;
    /** The transfer the suite signs, relays and follows; `other` is a second one never sent. */
    let transfer: StoredTransfer;
    let other: StoredTransfer;
    let recipient: string;

    const newTransfer = async (to: string, amount: bigint): Promise<StoredTransfer> => {
      const intent = { outputs: [{ to: h.adapter.recipient(to), amount }], token: null, fee: h.fee };
      const state = await h.adapter.readTransferState(h.wallet, intent);
      const held = {
        lockedAmount: 0n,
        lockedByToken: new Map<string, bigint>(),
        highestSequence: null,
        lockedInputs: new Set<string>(),
        nextChangeIndex: h.wallet.nextChangeIndex,
      };
      const built = await h.adapter.buildTransfer(h.wallet, intent, state, held);
      const { payload, payloadHash, sequence, fee, inputs } = built;
      return { payload, payloadHash, sequence, fee, inputs };
    };
    /** transfer-sign: verify, then the chain-state check of the named keys. */
    const count = async (stored: StoredTransfer, submission: SignatureSubmission) => {
      const verified = await h.adapter.verifySubmission(h.wallet, stored, submission);
      const keys = verified.map((v) => v.signerKey);
      return { verified, threshold: await h.adapter.currentThreshold(h.wallet, stored, keys) };
    };
    /** Refused with `code`; whatever verification named on the way is no key of the wallet. */
    const expectRefused = async (stored: StoredTransfer, submission: SignatureSubmission, code: string) => {
      let named: string[] = [];
      const refused = await refusalOf(async () => {
        const verified = await h.adapter.verifySubmission(h.wallet, stored, submission);
        named = verified.map((v) => v.signerKey);
        return h.adapter.currentThreshold(h.wallet, stored, named);
      });
      expect(refused).toBe(code);
      for (const key of named) expect(h.signerKeys.some((k) => sameKey(k, key))).toBe(false);
    };
    /** Signs with the given keys and merges each submission into the stored payload. */
    const collect = async (stored: StoredTransfer, keyIndexes: number[]) => {
      let current = stored;
      const all: VerifiedSignature[] = [];
      for (const index of keyIndexes) {
        const submission = await h.sign(index, stored);
        const { verified } = await count(current, submission);
        const payload = h.adapter.mergeSignatures(h.wallet, current.payload, submission, verified);
        current = { ...current, payload };
        all.push(...verified);
      }
      return { stored: current, signatures: all };
    };
    /** The raw transaction the family relays: finalized by the server, or signed by a broadcaster. */
    const broadcastRaw = async (stored: StoredTransfer, signatures: VerifiedSignature[]) => {
      const { adapter, wallet } = h;
      if (adapter.capabilities.broadcast === 'server-finalizes') {
        const final = await adapter.finalize!(wallet, stored);
        return { raw: final.raw, txHash: final.txHash };
      }
      const broadcaster = h.broadcaster!;
      const input = { from: broadcaster.address, fee: h.fee, previousRaw: null };
      const unsigned = await adapter.prepareExecution!(wallet, stored, signatures, input);
      const raw = await broadcaster.signExecution(unsigned);
      const signed = await adapter.checkSignedExecution!(wallet, stored, signatures, raw);
      return { raw, txHash: signed.hash };
    };
    const received = async (address: string) => {
      const { info } = h.adapter.chain;
      const native = { contract: null, symbol: info.nativeSymbol, decimals: info.nativeDecimals };
      const sheet = await h.adapter.chain.getBalances([address], [native]);
      return [...sheet.values()][0]?.get(NATIVE) ?? 0n;
    };
    const followUntil = (txHash: string, wanted: (f: FollowedTransaction) => boolean, known?: string) =>
      vi.waitFor(
        async () => {
          const followed = await h.adapter.follow(txHash, transfer, known);
          if (!wanted(followed)) throw new Error(`follow: ${JSON.stringify(followed, bigints)}`);
          return followed;
        },
        { timeout: 15_000, interval: 100 },
      );

    beforeAll(async () => {
      h = await start();
      recipient = await h.newRecipient();
      transfer = await newTransfer(recipient, h.amount);
      other = await newTransfer(await h.newRecipient(), h.amount * 2n);
      expect(other.payload).not.toBe(transfer.payload);
    });
    afterAll(async () => {
      await h?.stop();
    });

    test(
      'setup',
      "the signers' stored keys set up exactly this wallet; another family's key is refused",
      async () => {
        const keys = h.setup.signers.map((record) => h.adapter.signerKey(record));
        expect(keys.every((key) => key !== null)).toBe(true);
        expect(h.adapter.signerKey(h.setup.foreign)).toBeNull();
        const request = { keys, threshold: h.wallet.threshold, nonce: h.setup.nonce, ...h.setup.request };
        const setup = await h.adapter.prepareSetup(request);
        expect(sameKey(setup.address, h.wallet.address)).toBe(true);
        expect(setup.walletKeys ?? setup.keys).toEqual(h.wallet.keys);
        // Keys in another order are the same wallet.
        const reversed = await h.adapter.prepareSetup({ ...request, keys: [...keys].reverse() });
        expect(sameKey(reversed.address, h.wallet.address)).toBe(true);
        if (h.adapter.importSetup && setup.descriptors) {
          const imported = h.adapter.importSetup(setup.descriptors.receive);
          expect(imported.threshold).toBe(h.wallet.threshold);
          const again = await h.adapter.prepareSetup({ keys: imported.keys, threshold: imported.threshold });
          expect(again.address).toBe(setup.address);
        }
      },
    );

    test('own signatures', 'each wallet key is named; the threshold is 2', async () => {
      for (const index of [0, 1, 2]) {
        const { verified, threshold } = await count(transfer, await h.sign(index, transfer));
        expect(verified.map((v) => v.signerKey)).toHaveLength(1);
        expect(sameKey(verified[0]!.signerKey, h.signerKeys[index]!)).toBe(true);
        expect(threshold).toBe(2);
      }
    });

    test('forged', 'changed signature bytes are refused', async () => {
      const forged = h.forge(await h.sign(0, transfer));
      await expectRefused(transfer, forged, h.codes.forged);
    });

    test('other bytes', "a wallet key's signature over another transfer is refused", async () => {
      await expectRefused(transfer, await h.signOtherBytes(0, transfer, other), h.codes.otherBytes);
    });

    test('non-signer', 'a key that is not the wallet’s is refused', async () => {
      await expectRefused(transfer, await h.signAsNonSigner(transfer), h.codes.nonSigner);
    });

    test('duplicate', 'the same submission names the same key; merging it again adds nothing', async () => {
      const submission = await h.sign(0, transfer);
      const first = await count(transfer, submission);
      const second = await count(transfer, submission);
      expect(first.verified.map((v) => v.signerKey)).toHaveLength(1);
      expect(sameKey(first.verified[0]!.signerKey, h.signerKeys[0]!)).toBe(true);
      expect(second.verified.map((v) => v.signerKey)).toEqual(first.verified.map((v) => v.signerKey));
      const merged = h.adapter.mergeSignatures(h.wallet, transfer.payload, submission, first.verified);
      const holding = { ...transfer, payload: merged };
      const duplicate = (error: unknown) => {
        if (isFamilyError(error)) return error.code;
        throw error;
      };
      // Merged again into the payload that holds it: refused as a duplicate, or nothing added.
      let again: string;
      try {
        again = h.adapter.mergeSignatures(h.wallet, merged, submission, first.verified);
      } catch (error) {
        again = duplicate(error);
      }
      expect([merged, 'SIGNATURE_DUPLICATE_ERROR']).toContain(again);
      // Submitted again to the payload that holds it: refused as a duplicate, or the same key only.
      const third = await count(holding, submission).then(
        (r) => r.verified.map((v) => v.signerKey),
        duplicate,
      );
      expect([[first.verified[0]!.signerKey], 'SIGNATURE_DUPLICATE_ERROR']).toContainEqual(third);
    });

    let sent: { raw: string; txHash: string };
    test('below threshold', '1 of 2 signatures cannot be broadcast, 2 of 2 can', async () => {
      const one = await collect(transfer, [0]);
      expect(await refusalOf(() => broadcastRaw(one.stored, one.signatures))).toBe(h.codes.belowThreshold);
      const two = await collect(transfer, [0, 1]);
      expect(new Set(two.signatures.map((s) => s.signerKey.toLowerCase())).size).toBe(2);
      sent = await broadcastRaw(two.stored, two.signatures);
      expect(sent.raw.length).toBeGreaterThan(0);
    });

    test('idempotent relay', 'the same bytes twice are accepted; the payment is made once', async () => {
      expect(await received(recipient)).toBe(0n);
      expect(['sent', 'known']).toContain(await h.adapter.relay(sent.raw));
      expect(['sent', 'known']).toContain(await h.adapter.relay(sent.raw));
      await h.mine();
      await followUntil(sent.txHash, (f) => f.state === 'executed');
      expect(await received(recipient)).toBe(h.amount);
      // Relayed again once mined (the watcher resending after a crash): still fine, still once.
      expect(['sent', 'known']).toContain(await h.adapter.relay(sent.raw));
      await h.mine();
      expect(await received(recipient)).toBe(h.amount);
    });

    let executed: FollowedTransaction;
    test('executed', 'after mining the transfer is executed in a block', async () => {
      executed = await followUntil(sent.txHash, (f) => f.state === 'executed');
      expect(executed.blockNumber).toBeGreaterThan(0n);
    });

    test(
      'block hash',
      'executed names its block hash, which the watcher keeps to notice a reorg',
      async () => {
        const followed = await h.adapter.follow(sent.txHash, transfer);
        expect(followed.blockHash).toMatch(/^(0x)?[0-9a-f]{64}$/);
        expect(await h.adapter.follow(sent.txHash, transfer, followed.blockHash)).toMatchObject({
          state: 'executed',
          blockHash: followed.blockHash,
        });
      },
    );

    test(
      'reorg',
      'the block leaves the main chain: no longer executed; sent again it executes once',
      async () => {
        await h.reorg(sent.txHash);
        const notExecuted = (f: FollowedTransaction) => ['pending', 'unknown', 'reorged'].includes(f.state);
        await followUntil(sent.txHash, notExecuted, executed.blockHash);
        await followUntil(sent.txHash, notExecuted);
        expect(await received(recipient)).toBe(0n);
        // What the watcher does with a reorged or unknown attempt: relay the same bytes again.
        expect(['sent', 'known']).toContain(await h.adapter.relay(sent.raw));
        await h.mine();
        await followUntil(sent.txHash, (f) => f.state === 'executed');
        expect(await received(recipient)).toBe(h.amount);
      },
    );
  });
}

const bigints = (_key: string, value: unknown) => (typeof value === 'bigint' ? value.toString() : value);
