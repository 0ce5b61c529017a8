// Tests of the SYNTHETIC fixture node's multi-signing: SignerListSet, disabling the master key and
// multi-signed payments with rippled's refusals. Signed with the test-only signer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startXrplFixtureNode, type XrplFixtureNode } from './fixture-node.js';
import { nextSequence, rpc, submit, xrpPayment } from './fixture-test-helpers.js';
import { decodeBlob, encodeTx, multiSigningBytes, type TxJson } from './independent.js';
import { multisigned, signSingle, signerEntry, testKey, type TestKey } from './test-signer.js';

const XRP = 1_000_000;
const owner = testKey('secp256k1', 'multisig-test owner');
const s1 = testKey('secp256k1', 'multisig-test signer 1');
const s2 = testKey('ed25519', 'multisig-test signer 2');
const s3 = testKey('secp256k1', 'multisig-test signer 3');
const payee = testKey('ed25519', 'multisig-test payee');
let node: XrplFixtureNode;

const signerListSet = (
  account: string,
  quorum: number,
  entries: [string, number][],
  sequence: number,
): TxJson => ({
  TransactionType: 'SignerListSet',
  Account: account,
  Fee: '12',
  Sequence: sequence,
  SignerQuorum: quorum,
  ...(entries.length > 0
    ? {
        SignerEntries: entries.map(([Account, SignerWeight]) => ({ SignerEntry: { Account, SignerWeight } })),
      }
    : {}),
});
const multi = (tx: TxJson, keys: TestKey[]) =>
  multisigned(
    tx,
    keys.map((k) => signerEntry(tx, k)),
  );
const result = async (blob: string) => (await submit(node, blob)).engine_result as string;

beforeAll(async () => {
  node = await startXrplFixtureNode();
  node.fund(owner.address, 100 * XRP);
  node.fund(payee.address, 10 * XRP);
  node.fund(s1.address, 5 * XRP); // s2 and s3 stay unfunded: rippled lets such "phantom" accounts sign
});
afterAll(() => node.close());

describe('fixture node (SYNTHETIC replies): signer lists and the master key', () => {
  it('fixture: SignerListSet by the master key creates a 2-of-3 list (one owner object) shown by account_objects', async () => {
    const seq = await nextSequence(node, owner.address);
    const entries: [string, number][] = [
      [s1.address, 1],
      [s2.address, 1],
      [s3.address, 1],
    ];
    expect(await result(signSingle(signerListSet(owner.address, 2, entries, seq), owner))).toBe('tesSUCCESS');
    const objects = await rpc(node, 'account_objects', {
      account: owner.address,
      type: 'signer_list',
      ledger_index: 'validated',
    });
    expect(objects.account_objects).toHaveLength(1);
    expect(objects.account_objects[0]).toMatchObject({
      LedgerEntryType: 'SignerList',
      SignerQuorum: 2,
      SignerListID: 0,
    });
    const listed = objects.account_objects[0].SignerEntries.map(
      (e: { SignerEntry: { Account: string } }) => e.SignerEntry.Account,
    );
    expect([...listed].sort()).toEqual([s1.address, s2.address, s3.address].sort());
    const info = await rpc(node, 'account_info', { account: owner.address, signer_lists: true });
    expect(info.account_data).toMatchObject({ OwnerCount: 1, signer_lists: [{ SignerQuorum: 2 }] });
  });

  it('fixture: malformed signer lists are tem results; a list the balance cannot reserve is tecINSUFFICIENT_RESERVE', async () => {
    const poor = testKey('secp256k1', 'multisig-test poor');
    node.fund(poor.address, XRP + 100_000); // below reserve_base + one owner object (1.2 XRP)
    const seq = await nextSequence(node, poor.address);
    const sls = (quorum: number, entries: [string, number][]) =>
      signSingle(signerListSet(poor.address, quorum, entries, seq), poor);
    expect(
      await result(
        sls(3, [
          [s1.address, 1],
          [s2.address, 1],
        ]),
      ),
    ).toBe('temBAD_QUORUM');
    expect(
      await result(
        sls(1, [
          [s1.address, 1],
          [poor.address, 1],
        ]),
      ),
    ).toBe('temBAD_SIGNER');
    expect(
      await result(
        sls(1, [
          [s1.address, 1],
          [s1.address, 1],
        ]),
      ),
    ).toBe('temBAD_SIGNER');
    expect(await result(sls(1, [[s1.address, 0]]))).toBe('temBAD_WEIGHT');
    expect(await result(sls(1, []))).toBe('temMALFORMED');
    expect(await result(sls(1, [[s1.address, 1]]))).toBe('tecINSUFFICIENT_RESERVE');
    expect(node.account(poor.address)).toMatchObject({ OwnerCount: 0, Sequence: seq + 1 });
  });

  it('fixture: disabling the master key needs a signer list (tecNO_ALTERNATIVE_KEY) and the master key itself', async () => {
    const loner = testKey('ed25519', 'multisig-test loner');
    node.fund(loner.address, 20 * XRP);
    const disable = (account: string, sequence: number): TxJson => ({
      TransactionType: 'AccountSet',
      Account: account,
      Fee: '12',
      Sequence: sequence,
      SetFlag: 4,
    });
    expect(
      await result(signSingle(disable(loner.address, await nextSequence(node, loner.address)), loner)),
    ).toBe('tecNO_ALTERNATIVE_KEY');
    const bySigners = { ...disable(owner.address, await nextSequence(node, owner.address)), Fee: '36' };
    expect(await result(multi(bySigners, [s1, s2]))).toBe('tecNEED_MASTER_KEY');
    const byMaster = disable(owner.address, await nextSequence(node, owner.address));
    expect(await result(signSingle(byMaster, owner))).toBe('tesSUCCESS');
    const info = await rpc(node, 'account_info', { account: owner.address, ledger_index: 'validated' });
    expect(info.account_data.Flags & 0x00100000).toBe(0x00100000);
    expect(info.account_flags.disableMasterKey).toBe(true);
  });

  it('fixture: with the master disabled, a master-signed payment is tefMASTER_DISABLED and the list cannot be deleted', async () => {
    const seq = await nextSequence(node, owner.address);
    expect(await result(signSingle(xrpPayment(owner.address, payee.address, XRP, seq), owner))).toBe(
      'tefMASTER_DISABLED',
    );
    const remove = { ...signerListSet(owner.address, 0, [], seq), Fee: '36' };
    expect(await result(multi(remove, [s1, s3]))).toBe('tecNO_ALTERNATIVE_KEY');
  });
});

describe('fixture node (SYNTHETIC replies): multi-signed payments', () => {
  const payment = async (extra: TxJson = {}) => ({
    ...xrpPayment(owner.address, payee.address, 3 * XRP, await nextSequence(node, owner.address)),
    Fee: '36',
    DestinationTag: 42,
    ...extra,
  });

  it('fixture: a 2-of-3 payment (secp256k1 + ed25519 signers) with a DestinationTag is applied and listed', async () => {
    const tx = await payment();
    const reply = await submit(node, multi(tx, [s2, s1]));
    expect(reply).toMatchObject({
      engine_result: 'tesSUCCESS',
      tx_json: { SigningPubKey: '', DestinationTag: 42 },
    });
    const hash = reply.tx_json.hash as string;
    const found = await rpc(node, 'tx', { transaction: hash });
    expect(found).toMatchObject({ validated: true, DestinationTag: 42, Amount: String(3 * XRP), Fee: '36' });
    expect(found.Signers).toHaveLength(2);
    expect(found.meta).toMatchObject({ TransactionResult: 'tesSUCCESS', delivered_amount: String(3 * XRP) });
    for (const account of [owner.address, payee.address]) {
      const history = await rpc(node, 'account_tx', { account, ledger_index_min: -1, ledger_index_max: -1 });
      expect(history.transactions[0]).toMatchObject({ validated: true, tx: { hash, DestinationTag: 42 } });
    }
    expect(node.account(payee.address)!.Balance).toBe(String(13 * XRP));
  });

  it('fixture: an Amount changed after signing fails the local checks, naming the first signer (rippled)', async () => {
    const tx = await payment();
    const entries = [signerEntry(tx, s1), signerEntry(tx, s2)];
    const reply = await submit(node, multisigned({ ...tx, Amount: String(4 * XRP) }, entries));
    expect(reply.error).toBe('invalidTransaction');
    expect(reply.error_exception).toMatch(/^fails local checks: Invalid signature on account r\w+\.$/);
  });

  it("fixture: a signer outside the list, or a key that is not the signer account's, is tefBAD_SIGNATURE", async () => {
    const tx = await payment();
    const stranger = testKey('secp256k1', 'multisig-test stranger');
    expect(await result(multi(tx, [s1, stranger]))).toBe('tefBAD_SIGNATURE');
    // s3's key signing for s1's account: a valid signature, but not s1's master key.
    const forged = {
      Signer: {
        Account: s1.address,
        SigningPubKey: s3.publicKey,
        TxnSignature: s3.sign(multiSigningBytes(tx, s1.address)),
      },
    };
    expect(await result(multisigned(tx, [forged, signerEntry(tx, s2)]))).toBe('tefBAD_SIGNATURE');
  });

  it('fixture: unsorted Signers fail the local checks on submit; submit_multisigned sorts them as rippled does', async () => {
    const tx = await payment();
    const sorted = multi(tx, [s1, s2]);
    const decoded = decodeBlob(sorted);
    const unsorted = encodeTx({ ...decoded, Signers: [...(decoded.Signers as unknown[])].reverse() });
    const reply = await submit(node, unsorted);
    expect(reply).toMatchObject({
      error: 'invalidTransaction',
      error_exception: 'fails local checks: Unsorted Signers array.',
    });
    const viaJson = await rpc(node, 'submit_multisigned', {
      tx_json: { ...decoded, Signers: [...(decoded.Signers as unknown[])].reverse() },
    });
    expect(viaJson.engine_result).toBe('tesSUCCESS');
  });

  it('fixture: one signature of a 2-quorum list is tefBAD_QUORUM; a fee for fewer signers is telINSUF_FEE_P', async () => {
    expect(await result(multi({ ...(await payment()), Fee: '24' }, [s3]))).toBe('tefBAD_QUORUM');
    expect(await result(multi({ ...(await payment()), Fee: '29' }, [s1, s3]))).toBe('telINSUF_FEE_P');
    expect(await result(multi({ ...(await payment()), Fee: '30' }, [s1, s3]))).toBe('tesSUCCESS');
  });

  it('fixture: an account without a signer list cannot be multi-signed (tefNOT_MULTI_SIGNING)', async () => {
    const tx = {
      ...xrpPayment(payee.address, owner.address, XRP, await nextSequence(node, payee.address)),
      Fee: '36',
    };
    expect(await result(multi(tx, [s1, s2]))).toBe('tefNOT_MULTI_SIGNING');
  });

  it('fixture: a signer whose own master key is disabled is tefMASTER_DISABLED', async () => {
    // s1 gets a list of its own (s3) and disables its master key; it then no longer signs for owner.
    const entries: [string, number][] = [[s3.address, 1]];
    expect(
      await result(
        signSingle(signerListSet(s1.address, 1, entries, await nextSequence(node, s1.address)), s1),
      ),
    ).toBe('tesSUCCESS');
    const disable = { TransactionType: 'AccountSet', Account: s1.address, Fee: '12', SetFlag: 4 };
    expect(await result(signSingle({ ...disable, Sequence: await nextSequence(node, s1.address) }, s1))).toBe(
      'tesSUCCESS',
    );
    expect(await result(multi(await payment(), [s1, s2]))).toBe('tefMASTER_DISABLED');
    expect(await result(multi(await payment(), [s2, s3]))).toBe('tesSUCCESS');
  });
});
