// Tron family against the SYNTHETIC fixture node (no Tron node runs here): every transaction the
// adapter builds (with tronweb) is read back with the independent reader (Tron's .proto and
// @noble secp256k1), and every signature is made with @noble, not tronweb.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  decodeRawData,
  decodeTransaction,
  encodeRawData,
  FIXTURE_USDT,
  txIdOf,
  weightOfSignatures,
  type TronFixtureNode,
} from '@keystead/tron-fixture-node';
import { TRONWEB_HELLO_WORLD as HELLO } from '@keystead/tron-fixture-node/published-vectors';
import {
  FamilyError,
  type FamilyAdapter,
  type FamilyWallet,
  type PreparedSetup,
  type Reservations,
  type SetupRequest,
  type TransferIntent,
} from '../family';
import type { TronAdapter } from './adapter';
import { signPayload, signTip191, signTxId, testKey, tip191Hash, tronKit } from './tron-test-kit';

const first = testKey(10); // the account's own first key, created in a signer's wallet
const [a, b, c] = [testKey(1), testKey(2), testKey(3)];
const outsider = testKey(4);
const payee = testKey(20);
const TRX = 1_000_000n;
const none: Reservations = {
  lockedAmount: 0n,
  lockedByToken: new Map<string, bigint>(),
  highestSequence: null,
  lockedInputs: new Set(),
  nextChangeIndex: 0,
};

const code = async (work: () => unknown) => {
  try {
    await work();
  } catch (error) {
    if (error instanceof FamilyError) return error.code;
    throw error;
  }
  return 'no error';
};

let node: TronFixtureNode;
let chain: TronAdapter;
let family: FamilyAdapter;
let setup: PreparedSetup;
let wallet: FamilyWallet;

beforeAll(async () => {
  ({ node, chain, family } = await tronKit());
  setup = await family.prepareSetup({
    keys: [a.address, b.address, c.address],
    weights: [2, 1, 1],
    threshold: 3,
    account: first.address,
  });
  wallet = {
    address: setup.address,
    threshold: 3,
    keys: setup.walletKeys,
    nextReceiveIndex: 0,
    nextChangeIndex: 0,
  };
});
afterAll(() => node.close());

/** The setup as the chain shows it now, for the wizard's keys at this threshold. */
const confirmed = (threshold = 3) =>
  family.confirmSetup!(first.address, { owners: setup.keys as string[], threshold, weights: [2, 1, 1] });

describe('Tron signer keys', () => {
  it('the TIP-191 hash made here is tronweb’s published one, and its signature verifies (published vector)', async () => {
    expect(Buffer.from(tip191Hash(HELLO.message)).toString('hex')).toBe(HELLO.messageHash);
    expect(signTip191(HELLO.message, '0'.repeat(63) + '1').slice(2)).toBe(HELLO.signature);
    const record = family.signerKeyOf({ address: HELLO.address });
    expect(record).toMatchObject({ family: 'TRX', chainKey: '', address: HELLO.address });
    expect(await family.verifySignerProof(record, HELLO.message, { signature: HELLO.signature })).toBe(true);
  });

  it('refuses a proof by another key, of another message, and an EVM address as a Tron key', async () => {
    const record = family.signerKeyOf({ address: a.address });
    expect(
      await family.verifySignerProof(record, 'challenge 1', {
        signature: signTip191('challenge 1', a.privateKey),
      }),
    ).toBe(true);
    expect(
      await family.verifySignerProof(record, 'challenge 1', {
        signature: signTip191('challenge 1', b.privateKey),
      }),
    ).toBe(false);
    expect(
      await family.verifySignerProof(record, 'challenge 2', {
        signature: signTip191('challenge 1', a.privateKey),
      }),
    ).toBe(false);
    expect(
      await code(() => family.signerKeyOf({ address: '0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf' })),
    ).toBe('WALLET_ADDRESS_FORMAT_ERROR');
    expect(
      family.signerKey({
        family: 'EVM',
        chainKey: '',
        address: a.address,
        fingerprint: null,
        derivationPath: null,
      }),
    ).toBeNull();
  });
});

describe('Tron node access (fixture node, SYNTHETIC replies)', () => {
  it('sends the hosted provider key in TRON-PRO-API-KEY; without it the node refuses', async () => {
    const keyed = await tronKit({ apiKey: 'test-key' });
    try {
      expect(await keyed.chain.ping()).toBe(true);
      const { createTronAdapter } = await import('./adapter');
      const without = createTronAdapter({ info: keyed.chain.info, rpcUrl: keyed.node.url });
      expect(await without.ping()).toBe(false);
    } finally {
      await keyed.node.close();
    }
  });
});

describe('Tron wallet setup (fixture node, SYNTHETIC replies)', () => {
  it('refuses more than 5 keys, weights below the threshold, a bad account and zero weights', async () => {
    const refusal = (request: Partial<SetupRequest>) =>
      code(() =>
        family.prepareSetup({
          keys: [a.address, b.address],
          threshold: 2,
          account: first.address,
          ...request,
        }),
      );
    const six = [1, 2, 3, 4, 5, 6].map((n) => testKey(n).address);
    expect(await refusal({ keys: six })).toBe('TRON_PERMISSION_KEYS_ERROR');
    expect(await refusal({ weights: [1, 1], threshold: 3 })).toBe('SIGNER_WEIGHT_THRESHOLD_ERROR');
    expect(await refusal({ account: '0xabc' })).toBe('WALLET_ADDRESS_FORMAT_ERROR');
    expect(await refusal({ weights: [0, 2] })).toBe('PARAMS_INVALID_ERROR');
  });

  it('is unfunded until the account holds the update fee (chain parameter), then pending', async () => {
    expect(await confirmed()).toBe('unfunded');
    node.fund(first.address, 50n * TRX);
    expect(await confirmed()).toBe('unfunded');
    node.fund(first.address, 150n * TRX);
    expect(await confirmed()).toBe('pending');
  });

  it('builds the permission update handing owner and active to the weighted keys (read back independently)', async () => {
    const update = await family.setupTransaction!(setup);
    expect(update.required).toBe(101n * TRX); // 100 TRX update fee (fixture chain parameter) + bandwidth room
    const tx = JSON.parse(update.payload!) as { txID: string; raw_data_hex: string };
    expect(txIdOf(tx.raw_data_hex)).toBe(tx.txID);
    const decoded = decodeRawData(tx.raw_data_hex);
    expect(decoded.contract.type).toBe('AccountPermissionUpdateContract');
    if (decoded.contract.type !== 'AccountPermissionUpdateContract') return;
    const v = decoded.contract.value;
    expect(v.owner_address).toBe(first.address);
    const expected = [
      { address: a.address, weight: 2 },
      { address: b.address, weight: 1 },
      { address: c.address, weight: 1 },
    ];
    expect(v.owner).toMatchObject({ threshold: 3, keys: expected });
    expect(v.actives).toHaveLength(1);
    expect(v.actives[0]).toMatchObject({ threshold: 3, keys: expected });
  });

  it('refuses the update signed by another key or with other weights; relays the right one; ready once on chain', async () => {
    const update = await family.setupTransaction!(setup);
    expect(
      await code(() => family.checkSignedSetup!(setup, signPayload(update.payload!, [a.privateKey]))),
    ).toBe('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
    // Other weights, re-encoded and signed by the right key: not the update the wizard chose.
    const tx = JSON.parse(update.payload!) as {
      raw_data: { contract: [{ parameter: { value: { owner: { keys: { weight: number }[] } } } }] };
    };
    tx.raw_data.contract[0].parameter.value.owner.keys[1]!.weight = 2;
    const rawHex = encodeRawData(tx.raw_data);
    const forged = JSON.stringify({
      ...tx,
      raw_data_hex: rawHex,
      txID: txIdOf(rawHex),
      signature: [signTxId(txIdOf(rawHex), first.privateKey)],
    });
    expect(await code(() => family.checkSignedSetup!(setup, forged))).toBe('TASK_DATA_CHANGED_ERROR');

    const signed = signPayload(update.payload!, [first.privateKey]);
    expect(await family.checkSignedSetup!(setup, signed)).toEqual({ hash: update.hash, from: first.address });
    expect(await family.relay(signed)).toBe('sent');
    expect(await confirmed()).toBe('ready');
    expect(await confirmed(2)).toBe('different');
    expect(Object.fromEntries(await family.keyWeights!(wallet))).toEqual({
      [a.address]: 2,
      [b.address]: 1,
      [c.address]: 1,
    });
  });
});

describe('Tron transfers with weighted signatures (fixture node, SYNTHETIC replies)', () => {
  const intentOf = (amount: bigint, token = false): TransferIntent => ({
    outputs: [{ to: payee.address, amount }],
    token: token ? { contract: FIXTURE_USDT, symbol: 'USDT', decimals: 6, key: FIXTURE_USDT } : null,
    fee: { tier: 'standard' },
  });
  const prepare = async (intent: TransferIntent) =>
    family.buildTransfer(wallet, intent, await family.readTransferState(wallet, intent), none);

  it('a TRX transfer: built with permission 2, weights 2 + 1 reach 3, relayed and executed', async () => {
    node.fund(first.address, 500n * TRX);
    const prepared = await prepare(intentOf(25n * TRX));
    const tx = JSON.parse(prepared.payload) as { txID: string; raw_data_hex: string };
    const decoded = decodeRawData(tx.raw_data_hex);
    expect(decoded.contract).toMatchObject({
      type: 'TransferContract',
      permissionId: 2,
      value: { owner_address: first.address, to_address: payee.address, amount: 25n * TRX },
    });
    expect(prepared.payloadHash).toBe(txIdOf(tx.raw_data_hex));
    // Paying a new account costs its activation besides the multisig fee (fixture chain parameters).
    expect(prepared.details.fee_parts).toMatchObject({ multisig_fee: '1000000', activation_fee: '1100000' });

    const stored = {
      payload: prepared.payload,
      payloadHash: prepared.payloadHash,
      sequence: null,
      fee: prepared.fee,
      inputs: [],
    };
    const [first1] = await family.verifySubmission(wallet, stored, {
      signature: signTxId(tx.txID, a.privateKey),
    });
    expect(first1!.signerKey).toBe(a.address);
    expect(await family.currentThreshold(wallet, stored, [a.address])).toBe(3);
    let payload = family.mergeSignatures(wallet, stored.payload, {}, [first1!]);
    // The second signer's wallet returns the whole transaction, both signatures in it.
    const fromWallet = signPayload(payload, [b.privateKey]);
    const second = await family.verifySubmission(wallet, { ...stored, payload }, { signature: fromWallet });
    expect(second.map((s) => s.signerKey)).toEqual([b.address]);
    payload = family.mergeSignatures(wallet, payload, {}, second);

    const finalized = await family.finalize!(wallet, { ...stored, payload });
    const onWire = decodeTransaction(finalized.raw);
    expect(onWire.txID).toBe(tx.txID);
    const account = await chain.account(first.address);
    const active = account.actives[0]!;
    expect(weightOfSignatures(active, onWire.txID, onWire.signatures)).toMatchObject({
      total: 3,
      reached: true,
    });
    expect(await family.relay(finalized.raw)).toBe('sent');
    expect(await family.relay(finalized.raw)).toBe('known');
    node.mine(1);
    expect(await family.follow(finalized.txHash, stored)).toMatchObject({ state: 'executed' });
    expect((await chain.account(payee.address)).balance).toBe(25n * TRX);
  });

  it('a changed amount or permission id drops every signature’s weight to 0 (independent check)', async () => {
    const prepared = await prepare(intentOf(3n * TRX));
    const tx = JSON.parse(prepared.payload) as {
      txID: string;
      raw_data: { contract: [{ Permission_id?: number; parameter: { value: { amount: number } } }] };
    };
    const signatures = [signTxId(tx.txID, a.privateKey), signTxId(tx.txID, b.privateKey)];
    const active = (await chain.account(first.address)).actives[0]!;
    expect(weightOfSignatures(active, tx.txID, signatures).total).toBe(3);
    const moreRaw = structuredClone(tx.raw_data);
    moreRaw.contract[0].parameter.value.amount = 30 * 1_000_000;
    expect(weightOfSignatures(active, txIdOf(encodeRawData(moreRaw)), signatures).total).toBe(0);
    const ownerRaw = structuredClone(tx.raw_data);
    ownerRaw.contract[0].Permission_id = 0;
    expect(weightOfSignatures(active, txIdOf(encodeRawData(ownerRaw)), signatures).total).toBe(0);
  });

  it('refuses a key outside the permission, a malformed signature and an expired window', async () => {
    const prepared = await prepare(intentOf(1n * TRX));
    const stored = {
      payload: prepared.payload,
      payloadHash: prepared.payloadHash,
      sequence: null,
      fee: prepared.fee,
      inputs: [],
    };
    expect(
      await code(() =>
        family.verifySubmission(wallet, stored, {
          signature: signTxId(prepared.payloadHash!, outsider.privateKey),
        }),
      ),
    ).toBe('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
    expect(await code(() => family.verifySubmission(wallet, stored, { signature: '0x1234' }))).toBe(
      'SIGNATURE_INVALID_ERROR',
    );
    const tx = JSON.parse(prepared.payload) as { raw_data: { expiration: number } };
    expect(tx.raw_data.expiration - Date.now()).toBeGreaterThan(23 * 3600_000);
    tx.raw_data.expiration = Date.now() - 1;
    const expired = { ...stored, payload: JSON.stringify(tx) };
    expect(
      await code(() =>
        family.verifySubmission(wallet, expired, {
          signature: signTxId(prepared.payloadHash!, a.privateKey),
        }),
      ),
    ).toBe('TRON_SIGN_TIMEOUT_ERROR');
    const opened = await family.signingWindow!.open(wallet, expired);
    expect(opened.expiresAt.getTime()).toBeGreaterThan(Date.now() + 23 * 3600_000);
    expect(txIdOf(JSON.parse(opened.payload).raw_data_hex)).toBe(opened.payloadHash);
  });

  it('a USDT (TRC20) transfer: transfer(to, amount) with fee_limit from the energy estimate, its event seen as a deposit', async () => {
    node.fundToken(FIXTURE_USDT, first.address, 1_000_000_000n);
    const intent = intentOf(12_345_678n, true);
    expect(
      (await family.maxSendable(wallet, intent, await family.readTransferState(wallet, intent), none)).amount,
    ).toBe(1_000_000_000n);
    const prepared = await prepare(intent);
    const tx = JSON.parse(prepared.payload) as { txID: string; raw_data_hex: string };
    const decoded = decodeRawData(tx.raw_data_hex);
    expect(decoded.contract.type).toBe('TriggerSmartContract');
    expect(decoded.feeLimit).toBeGreaterThan(0);
    expect(decoded.contract.permissionId).toBe(2);
    const signed = signPayload(prepared.payload, [a.privateKey, c.privateKey]);
    const stored = { payload: signed, payloadHash: tx.txID, sequence: null, fee: prepared.fee, inputs: [] };
    const tip = await family.deposits!.tip();
    const finalized = await family.finalize!(wallet, stored);
    expect(await family.relay(finalized.raw)).toBe('sent');
    node.mine(1);
    expect(await family.follow(tx.txID, stored)).toMatchObject({ state: 'executed' });
    const payeeWallet = { ...wallet, address: payee.address };
    const seen = await family.deposits!.transfersTo(
      [payeeWallet],
      [{ contract: FIXTURE_USDT, symbol: 'USDT', decimals: 6 }],
      tip,
      tip + 3n,
    );
    expect(seen).toEqual([
      expect.objectContaining({
        token: FIXTURE_USDT,
        amount: 12_345_678n,
        from: first.address,
        wallet: payee.address,
      }),
    ]);
    const balances = await family.readBalances(
      [payeeWallet],
      [{ contract: FIXTURE_USDT, symbol: 'USDT', decimals: 6 }],
    );
    expect(balances.get(payee.address)?.get(FIXTURE_USDT.toLowerCase())).toBe(12_345_678n);
  });

  it('a token transfer that runs out of energy on chain is followed as failed', async () => {
    const prepared = await prepare(intentOf(1_000n, true));
    const signed = signPayload(prepared.payload, [a.privateKey, b.privateKey]);
    const stored = {
      payload: signed,
      payloadHash: prepared.payloadHash,
      sequence: null,
      fee: prepared.fee,
      inputs: [],
    };
    node.setFailNext('OUT_OF_ENERGY');
    expect(await family.relay((await family.finalize!(wallet, stored)).raw)).toBe('sent');
    node.mine(1);
    expect(await family.follow(prepared.payloadHash!, stored)).toMatchObject({
      state: 'failed',
      reason: 'OUT_OF_ENERGY',
    });
  });

  it('a node that does not answer is WS_TRON_RPC_ERROR, not a crash', async () => {
    const gone = await tronKit();
    await gone.node.close();
    const intent = intentOf(1n * TRX);
    expect(await code(() => gone.family.readTransferState(wallet, intent))).toBe('WS_TRON_RPC_ERROR');
    expect(await code(() => gone.family.keyWeights!(wallet))).toBe('WS_TRON_RPC_ERROR');
    expect(await code(() => gone.family.setupTransaction!(setup))).toBe('WS_TRON_RPC_ERROR');
  });

  it('refuses more TRX than the wallet holds, and a Tron recipient that is an EVM address', async () => {
    expect(await code(() => prepare(intentOf(100_000n * TRX)))).toBe('TRANSFER_BALANCE_INSUFFICIENT_ERROR');
    expect(await code(() => family.recipient('0x7E5F4552091A69125d5DfCb7b8C2659029395Bdf'))).toBe(
      'CHAIN_ADDRESS_INVALID_ERROR',
    );
  });
});
