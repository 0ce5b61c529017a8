import { fundFromFaucet } from '@keystead/devnet';
import { hashMessage, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isChainError, type ChainErrorCode } from '../errors';
import type { TokenRef } from '../types';
import { safeMessageTypedData, safeTxPreimage } from './safe-tx';
import { startTestDevnet, type TestDevnet } from './test-devnet';

const expectCode = async (promise: Promise<unknown>, code: ChainErrorCode) => {
  await expect(promise).rejects.toSatisfy((e) => isChainError(e, code));
};

/**
 * Contract owners (EIP-1271): Safe "B" (1-of-1, owner X) is an owner of Safe "A" (2-of-3:
 * B, Y, Z). Safe v1.4.1 checks B's signature with the legacy isValidSignature(bytes, bytes)
 * on A's 66-byte SafeTx preimage; B's CompatibilityFallbackHandler accepts it when X signed
 * the EIP-712 SafeMessage(bytes message = that preimage) for B.
 */
describe('Safe owned by a Safe (EIP-1271 contract signatures) on the devnet', () => {
  let t: TestDevnet;
  let usdt: TokenRef;
  let ownerSafe: Address;
  let safe: Address;
  let x: ReturnType<typeof privateKeyToAccount>;
  let y: ReturnType<typeof privateKeyToAccount>;

  const deploy = async (owners: Address[], threshold: number, saltNonce: bigint) => {
    const d = await t.adapter.buildSafeDeployment({ owners, threshold, saltNonce });
    expect((await t.send(t.accounts[1]!, { to: d.to, data: d.data })).status).toBe('success');
    return d.predictedAddress;
  };

  beforeAll(async () => {
    t = await startTestDevnet();
    usdt = { contract: t.devnet.contracts.usdt, symbol: 'USDT', decimals: 6 };
    x = t.accounts[4] as typeof x;
    y = t.accounts[5] as typeof y;
    ownerSafe = await deploy([x.address], 1, 11n);
    safe = await deploy([ownerSafe, y.address, t.accounts[6]!.address], 2, 12n);
    await fundFromFaucet(t.devnet, safe, { usdt: '50' });
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('the contract owner signs, verify names the contract, execTransaction accepts it', async () => {
    expect((await t.adapter.readSafe(safe))!.owners).toContain(ownerSafe);
    const recipient = privateKeyToAccount(generatePrivateKey()).address;
    const tx = t.adapter.buildTransfer({ safe, token: usdt, to: recipient, amount: 5_000_000n, nonce: 0n });

    const inner = await x.signTypedData(
      safeMessageTypedData(31337, ownerSafe, safeTxPreimage(31337, safe, tx)) as never,
    );
    const contractSig = await t.adapter.verifySafeSignature({
      safe,
      tx,
      kind: 'eip1271',
      signer: ownerSafe,
      signature: inner,
    });
    expect(contractSig).toEqual({ signer: ownerSafe, kind: 'eip1271', signature: inner });
    const eoaSig = await t.adapter.verifySafeSignature({
      safe,
      tx,
      signature: await y.signTypedData(t.adapter.typedData(31337, safe, tx) as never),
    });

    const signatures = t.adapter.encodeSafeSignatures([contractSig, eoaSig]);
    expect((signatures.length - 2) / 2).toBe(65 * 2 + 32 + 65); // two static parts + length word + inner signature
    const sim = await t.adapter.simulateExec({ from: t.accounts[3]!.address, safe, tx, signatures });
    expect(sim).toMatchObject({ ok: true });
    const { hash, status } = await t.send(
      t.accounts[3]!,
      t.adapter.buildExecTransaction(safe, tx, signatures),
    );
    expect(status).toBe('success');
    expect((await t.adapter.getConfirmation(hash)).state).toBe('confirmed');
    const balances = await t.adapter.getBalances([recipient], [usdt]);
    expect(balances.get(recipient)!.get(usdt.contract!.toLowerCase())).toBe(5_000_000n);
  });

  it('refuses contract signatures the contract does not accept', async () => {
    const tx = t.adapter.buildTransfer({ safe, token: usdt, to: y.address, amount: 1n, nonce: 1n });
    const message = safeMessageTypedData(31337, ownerSafe, safeTxPreimage(31337, safe, tx));
    // Signed by someone who is not an owner of B.
    const outsider = await t.accounts[7]!.signTypedData!(message as never);
    await expectCode(
      t.adapter.verifySafeSignature({ safe, tx, kind: 'eip1271', signer: ownerSafe, signature: outsider }),
      'SIGNATURE_INVALID',
    );
    // X's signature for another transaction.
    const other = await x.signTypedData(
      safeMessageTypedData(31337, ownerSafe, safeTxPreimage(31337, safe, { ...tx, nonce: 2n })) as never,
    );
    await expectCode(
      t.adapter.verifySafeSignature({ safe, tx, kind: 'eip1271', signer: ownerSafe, signature: other }),
      'SIGNATURE_INVALID',
    );
    // An EOA claimed as contract signer; no transaction given; garbage bytes.
    const good = await x.signTypedData(message as never);
    await expectCode(
      t.adapter.verifySafeSignature({ safe, tx, kind: 'eip1271', signer: y.address, signature: good }),
      'SIGNATURE_INVALID',
    );
    await expectCode(
      t.adapter.verifySafeSignature({
        safe,
        hash: t.adapter.safeTxHash(31337, safe, tx),
        kind: 'eip1271',
        signer: ownerSafe,
        signature: good,
      }),
      'INVALID_ARGUMENT',
    );
    await expectCode(
      t.adapter.verifySafeSignature({ safe, tx, kind: 'eip1271', signer: ownerSafe, signature: '0x12345' }),
      'SIGNATURE_MALFORMED',
    );
    expect(
      (await t.adapter.verifySafeSignature({ safe, tx, kind: 'eip1271', signer: ownerSafe, signature: good }))
        .signer,
    ).toBe(ownerSafe);
  });

  it('verifyMessage of a Safe: EIP-1271 isValidSignature(bytes32, bytes) through the fallback handler', async () => {
    const message = 'Keystead: prove you control this wallet\nnonce: 7';
    // The Safe's owners sign SafeMessage(bytes message = abi.encode(EIP-191 hash of the text)).
    const signature = await x.signTypedData(
      safeMessageTypedData(31337, ownerSafe, hashMessage(message)) as never,
    );
    expect(await t.adapter.verifyMessage(ownerSafe, message, signature)).toBe(true);
    expect(await t.adapter.verifyMessage(ownerSafe, `${message}.`, signature)).toBe(false);
    const outsider = await t.accounts[7]!.signTypedData!(
      safeMessageTypedData(31337, ownerSafe, hashMessage(message)) as never,
    );
    expect(await t.adapter.verifyMessage(ownerSafe, message, outsider)).toBe(false);
    // X's plain personal_sign is X's, not the Safe's.
    expect(await t.adapter.verifyMessage(ownerSafe, message, await x.signMessage({ message }))).toBe(false);
  });
});
