// The XRP family adapter on the SYNTHETIC fixture ledger (no rippled runs here; the fixture checks
// every submitted signature with its own @noble code). Signer keys come from the fixture's signer,
// never from xrpl.js or ripple-keypairs, which the adapter uses.
import { encodeXAddress, decodeAccountID } from 'ripple-address-codec';
import { signSingle, signerEntry, testKey } from '@keystead/xrpl-fixture-node/test-signer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isFamilyError, type Reservations, type StoredTransfer, type TransferIntent } from '../family';
import { runSetupStep, signedBy, startXrpKit, txOf, XRP, type XrpKit } from './xrp-test-kit';

const none: Reservations = {
  lockedAmount: 0n,
  lockedByToken: new Map<string, bigint>(),
  highestSequence: null,
  lockedInputs: new Set(),
  nextChangeIndex: 0,
};

async function code(work: () => unknown): Promise<string> {
  try {
    await work();
  } catch (error) {
    if (isFamilyError(error)) return error.code;
    throw error;
  }
  throw new Error('not refused');
}

const stored = (built: {
  payload: string;
  payloadHash: string | null;
  sequence: bigint | null;
  fee: StoredTransfer['fee'];
}): StoredTransfer => ({
  payload: built.payload,
  payloadHash: built.payloadHash,
  sequence: built.sequence,
  fee: built.fee,
  inputs: [],
});

describe('XRP wallet setup (SYNTHETIC fixture ledger)', () => {
  let kit: XrpKit;
  beforeAll(async () => {
    kit = await startXrpKit('setup', { setUp: false });
  });
  afterAll(() => kit.node.close());

  it('refuses signer lists the ledger would not take, each with its catalogue code', async () => {
    const { family, master, signers } = kit;
    const account = master.address;
    const keys = signers.map((s) => s.address);
    const many = Array.from({ length: 33 }, (_, i) => testKey('secp256k1', `many-${i}`).address);
    expect(await code(() => family.prepareSetup({ keys: many, threshold: 2, account }))).toBe(
      'XRP_SIGNER_LIST_KEYS_ERROR',
    );
    expect(await code(() => family.prepareSetup({ keys, threshold: 4, weights: [1, 1, 1], account }))).toBe(
      'SIGNER_WEIGHT_THRESHOLD_ERROR',
    );
    expect(await code(() => family.prepareSetup({ keys: [keys[0], keys[0]], threshold: 1, account }))).toBe(
      'PARAMS_INVALID_ERROR',
    );
    expect(await code(() => family.prepareSetup({ keys: [...keys, account], threshold: 2, account }))).toBe(
      'XRP_SIGNER_OWN_ACCOUNT_ERROR',
    );
    expect(await code(() => family.prepareSetup({ keys, threshold: 2 }))).toBe('WALLET_ADDRESS_FORMAT_ERROR');
  });

  it('goes unfunded → signer list → master key disabled → ready, each step read back from the ledger', async () => {
    const { family, setup, node, master, signers } = kit;
    const expected = { owners: signers.map((s) => s.address), threshold: 2, weights: [1, 1, 1] };
    expect(await family.confirmSetup!(master.address, expected)).toBe('unfunded');
    const before = await family.setupTransaction!(setup);
    expect(before).toMatchObject({ payload: null, step: 'signer_list' });
    // 1 XRP base reserve + 0.2 XRP for the signer list + fee room, as the fixture's ledger says.
    expect(before.required).toBe(1_300_000n);
    node.fund(master.address, 2n * XRP);
    expect(await family.confirmSetup!(master.address, expected)).toBe('pending');
    expect(await runSetupStep(kit)).toBe('signer_list');
    expect(await family.confirmSetup!(master.address, expected)).toBe('pending');
    const list = (await kit.chain.account(master.address)).signerList!;
    expect(list.quorum).toBe(2);
    expect(list.entries.map((e) => e.account).sort()).toEqual(expected.owners.slice().sort());
    expect(await runSetupStep(kit)).toBe('disable_master');
    expect(await family.confirmSetup!(master.address, expected)).toBe('ready');
    expect((await kit.chain.account(master.address)).masterDisabled).toBe(true);
    expect((await family.setupTransaction!(setup)).payload).toBeNull();
  });
});

describe('XRP setup refusals (SYNTHETIC fixture ledger)', () => {
  let kit: XrpKit;
  beforeAll(async () => {
    kit = await startXrpKit('refuse', { setUp: false });
    kit.node.fund(kit.master.address, 5n * XRP);
  });
  afterAll(() => kit.node.close());

  it('accepts only the step itself, signed by the master key', async () => {
    const { family, setup, signers, master } = kit;
    const step = JSON.parse((await family.setupTransaction!(setup)).payload!);
    expect(await code(() => family.checkSignedSetup!(setup, signSingle(step, signers[0]!)))).toBe(
      'SIGNATURE_SIGNER_NOT_MATCHED_ERROR',
    );
    const lowered = { ...step, SignerQuorum: 1 };
    expect(await code(() => family.checkSignedSetup!(setup, signSingle(lowered, master)))).toBe(
      'TASK_DATA_CHANGED_ERROR',
    );
    const withKey = { ...step, TransactionType: 'SetRegularKey', RegularKey: signers[0]!.address };
    delete withKey.SignerQuorum;
    delete withKey.SignerEntries;
    expect(await code(() => family.checkSignedSetup!(setup, signSingle(withKey, master)))).toBe(
      'TASK_DATA_CHANGED_ERROR',
    );
    expect(await code(() => family.checkSignedSetup!(setup, 'zz'))).toBe('PARAMS_INVALID_ERROR');
    await expect(family.checkSignedSetup!(setup, signSingle(step, master))).resolves.toMatchObject({
      from: master.address,
    });
  });
});

describe('XRP transfers (SYNTHETIC fixture ledger)', () => {
  let kit: XrpKit;
  const issuerKey = testKey('secp256k1', 'usd-issuer');
  const to = testKey('secp256k1', 'recipient').address;
  const intent = (
    over: Partial<TransferIntent> & { amount?: bigint; to?: string; tag?: number | null } = {},
  ): TransferIntent => ({
    outputs: [{ to: over.to ?? to, amount: over.amount ?? 20n * XRP, tag: over.tag ?? null }],
    token: over.token ?? null,
    fee: over.fee ?? { tier: 'standard' },
  });
  const build = async (i: TransferIntent, held = none) => {
    const state = await kit.family.readTransferState(kit.wallet, i);
    return kit.family.buildTransfer(kit.wallet, i, state, held);
  };

  beforeAll(async () => {
    kit = await startXrpKit('transfer');
    kit.node.fund(to, 50n * XRP);
  });
  afterAll(() => kit.node.close());

  it('builds a Payment with the tag, a fee for every signer slot, and a ledger window', async () => {
    const built = await build(intent({ tag: 12345 }));
    const tx = txOf(built);
    expect(tx).toMatchObject({
      TransactionType: 'Payment',
      Account: kit.master.address,
      Destination: to,
      Amount: String(20n * XRP),
      DestinationTag: 12345,
      SigningPubKey: '',
    });
    // The fixture's quiet open ledger fee (10 drops) × 1.5 (standard) per slot, 1 + 3 slots.
    expect(tx.Fee).toBe('60');
    expect(Number(tx.LastLedgerSequence)).toBeGreaterThan(kit.node.ledgerIndex());
    expect(built.sequence).toBe(BigInt(Number(tx.Sequence)));
  });

  it('refuses what the ledger or the rules would refuse, before anyone signs', async () => {
    const held = { ...none, highestSequence: 7n };
    expect(await code(() => build(intent(), held))).toBe('XRP_TASK_IN_PROGRESS_ERROR');
    const fresh = testKey('ed25519', 'never-funded').address;
    expect(await code(() => build(intent({ to: fresh, amount: XRP / 2n })))).toBe(
      'XRP_ACTIVATION_RESERVE_ERROR',
    );
    const xAddress = encodeXAddress(decodeAccountID(to), 7, true);
    expect(await code(() => build(intent({ to: xAddress, tag: 8 })))).toBe(
      'XRP_DESTINATION_TAG_CONFLICT_ERROR',
    );
    expect(txOf(await build(intent({ to: xAddress, tag: 7 }))).DestinationTag).toBe(7);
    expect(await code(() => build(intent({ amount: 1_000n * XRP })))).toBe(
      'TRANSFER_BALANCE_INSUFFICIENT_ERROR',
    );
    // 100 XRP held, 1 XRP base + 0.2 XRP for the signer list reserved: 99.5 would eat the reserve.
    expect(await code(() => build(intent({ amount: 99_500_000n })))).toBe(
      'TRANSFER_FEE_RESERVE_INSUFFICIENT_ERROR',
    );
    expect(
      await code(() => build({ ...intent(), outputs: [intent().outputs[0]!, intent().outputs[0]!] })),
    ).toBe('TRANSFER_BATCH_UNSUPPORTED_ERROR');
  });

  it('max leaves the reserves and the fee', async () => {
    const i = intent();
    const state = await kit.family.readTransferState(kit.wallet, i);
    const max = kit.family.maxSendable(kit.wallet, i, state, none);
    expect(max.fee).toBe(60n);
    // What the account holds (100 XRP less the two setup fees) less 1.2 XRP of reserves and the fee.
    expect(max.amount).toBe((await kit.chain.account(kit.master.address)).balance - 1_200_000n - 60n);
  });

  it('counts only valid signatures of the list over the exact bytes, then the ledger validates it', async () => {
    const { family, wallet, signers } = kit;
    const built = await build(intent({ tag: 42 }));
    const first = stored(built);
    const outsider = testKey('secp256k1', 'outsider');
    expect(await code(() => family.verifySubmission(wallet, first, signedBy(outsider, first)))).toBe(
      'SIGNATURE_SIGNER_NOT_MATCHED_ERROR',
    );
    // Signed over another amount: the entry names a list key but its signature is not over these bytes.
    const changed = { ...txOf(first), Amount: String(21n * XRP) };
    const forged = { signature: JSON.stringify(signerEntry(changed, signers[0]!)) };
    expect(await code(() => family.verifySubmission(wallet, first, forged))).toBe('SIGNATURE_INVALID_ERROR');
    expect(await code(() => family.verifySubmission(wallet, first, { signature: ' ' }))).toBe(
      'SIGNATURE_EMPTY_ERROR',
    );

    const a = await family.verifySubmission(wallet, first, signedBy(signers[0]!, first));
    expect(a.map((v) => v.signerKey)).toEqual([signers[0]!.address]);
    expect(await family.currentThreshold(wallet, first, [signers[0]!.address])).toBe(2);
    const one = { ...first, payload: family.mergeSignatures(wallet, first.payload, {}, a) };
    expect(await code(() => family.finalize!(wallet, one))).toBe('TASK_STATUS_ERROR');
    const b = await family.verifySubmission(wallet, one, signedBy(signers[1]!, one));
    const two = { ...one, payload: family.mergeSignatures(wallet, one.payload, {}, b) };
    const done = await family.finalize!(wallet, two);

    const before = (await kit.chain.account(to)).balance;
    expect(await family.relay(done.raw)).toBe('sent');
    expect(await family.relay(done.raw)).toBe('known');
    const followed = await family.follow(done.txHash, two);
    expect(followed).toMatchObject({ state: 'executed', fee: 60n });
    expect(followed.blockHash).toMatch(/^[0-9a-f]{64}$/);
    expect((await kit.chain.account(to)).balance - before).toBe(20n * XRP);
    const onLedger = await kit.chain.transaction(done.txHash);
    expect(onLedger).toMatchObject({ DestinationTag: 42, validated: true });
  });

  it('a window passed: the ledger refuses it and following says failed', async () => {
    const { family, wallet, signers } = kit;
    const built = stored(await build(intent({ amount: XRP })));
    const a = await family.verifySubmission(wallet, built, signedBy(signers[0]!, built));
    const c = await family.verifySubmission(wallet, built, signedBy(signers[2]!, built));
    const signed = { ...built, payload: family.mergeSignatures(wallet, built.payload, {}, [...a, ...c]) };
    const done = await family.finalize!(wallet, signed);
    kit.node.closeLedger(Number(txOf(built).LastLedgerSequence) - kit.node.ledgerIndex() + 1);
    expect(await code(() => family.relay(done.raw))).toBe('XRP_LEDGER_WINDOW_ERROR');
    expect(await family.follow(done.txHash, signed)).toMatchObject({
      state: 'failed',
      reason: 'tefMAX_LEDGER',
    });
  });

  it('issued currencies: needs the recipient’s trust line; pays the value on it', async () => {
    const issuer = issuerKey.address;
    const token = {
      contract: `USD.${issuer}`,
      symbol: 'USD',
      decimals: 6,
      key: `usd.${issuer}`.toLowerCase(),
    };
    kit.node.setTrustBalance(kit.master.address, 'USD', issuer, '100');
    const nowhere = testKey('secp256k1', 'no-line').address;
    kit.node.fund(nowhere, 20n * XRP);
    expect(await code(() => build(intent({ to: nowhere, amount: 5_000_000n, token })))).toBe(
      'XRP_TRUST_LINE_MISSING_ERROR',
    );
    kit.node.setTrustBalance(to, 'USD', issuer, '0');
    const built = stored(await build(intent({ amount: 12_500_000n, token })));
    expect(txOf(built).Amount).toEqual({ currency: 'USD', issuer, value: '12.5' });
    const balances = await kit.family.readBalances([kit.wallet], [token]);
    expect(balances.get(kit.master.address)?.get(token.key)).toBe(100_000_000n);
    const sigs = [
      ...(await kit.family.verifySubmission(kit.wallet, built, signedBy(kit.signers[1]!, built))),
      ...(await kit.family.verifySubmission(kit.wallet, built, signedBy(kit.signers[2]!, built))),
    ];
    const done = await kit.family.finalize!(kit.wallet, {
      ...built,
      payload: kit.family.mergeSignatures(kit.wallet, built.payload, {}, sigs),
    });
    await kit.family.relay(done.raw);
    expect((await kit.family.follow(done.txHash, built)).state).toBe('executed');
    const after = await kit.family.readBalances([kit.wallet], [token]);
    expect(after.get(kit.master.address)?.get(token.key)).toBe(87_500_000n);
  });

  it('deposits: what payments delivered to the wallet, XRP and watched tokens', async () => {
    const from = BigInt(kit.node.ledgerIndex());
    kit.node.fund(kit.master.address, 3n * XRP);
    kit.node.closeLedger(1);
    const tip = await kit.family.deposits!.tip();
    const found = await kit.family.deposits!.transfersTo([kit.wallet], [], from, tip);
    expect(found.filter((d) => d.token === null).map((d) => d.amount)).toContain(3n * XRP);
    expect(found.every((d) => d.wallet === kit.master.address)).toBe(true);
  });
});
