import { fundFromFaucet, safeArtifact } from '@keystead/devnet';
import {
  concat,
  encodeFunctionData,
  hashMessage,
  numberToHex,
  parseEther,
  toHex,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isChainError, type ChainErrorCode } from '../errors';
import type { TokenRef } from '../types';
import { SECP256K1_N, type SafeSignature } from './safe-signatures';
import { computeSafeAddress, encodeSafeSetup } from './safe-deploy';
import type { SafeTx } from './safe-tx';
import { startTestDevnet, type TestDevnet } from './test-devnet';

const safeAbi = safeArtifact('safeSingleton').abi as Abi;

const expectCode = async (promise: Promise<unknown>, code: ChainErrorCode) => {
  await expect(promise).rejects.toSatisfy((e) => isChainError(e, code));
};

describe('Safe v1.4.1 on the devnet: 2-of-3 wallet end to end', () => {
  let t: TestDevnet;
  let usdt: TokenRef;
  let safe: Address;
  let owners: ReturnType<typeof privateKeyToAccount>[];
  const recipient = privateKeyToAccount(generatePrivateKey()).address;
  const usdtBalance = (holder: Address) =>
    t.adapter.getBalances([holder], [usdt]).then((s) => s.get(holder)!.get(usdt.contract!.toLowerCase())!);

  beforeAll(async () => {
    t = await startTestDevnet();
    usdt = { contract: t.devnet.contracts.usdt, symbol: 'USDT', decimals: 6 };
    owners = [t.accounts[4]!, t.accounts[5]!, t.accounts[6]!] as ReturnType<typeof privateKeyToAccount>[];
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('predicts the address, deploys from a signer wallet, reads owners and threshold back', async () => {
    const params = { owners: owners.map((o) => o.address), threshold: 2, saltNonce: 1_700_000_000_001n };
    const predicted = await t.adapter.predictSafeAddress(params);
    expect(await t.adapter.readSafe(predicted)).toBeNull();
    const deployment = await t.adapter.buildSafeDeployment(params);
    expect(deployment.predictedAddress).toBe(predicted);
    expect(deployment.to).toBe(t.devnet.contracts.safeProxyFactory);

    const { hash, status } = await t.send(owners[0]!, { to: deployment.to, data: deployment.data });
    expect(status).toBe('success');
    // The factory's ProxyCreation event names the proxy it really created.
    const receipt = await t.client.getTransactionReceipt({ hash });
    const created = receipt.logs.find(
      (l) => l.address.toLowerCase() === t.devnet.contracts.safeProxyFactory.toLowerCase(),
    )!;
    expect(`0x${created.topics[1]!.slice(26)}`.toLowerCase()).toBe(predicted.toLowerCase());

    const state = await t.adapter.readSafe(predicted.toLowerCase());
    expect(state).toMatchObject({
      address: predicted,
      owners: owners.map((o) => o.address),
      threshold: 2,
      nonce: 0n,
      version: '1.4.1',
      singleton: t.devnet.contracts.safeSingleton,
      trustedSingleton: true,
      fallbackHandler: t.devnet.contracts.compatibilityFallbackHandler,
      guard: zeroAddress,
      modules: [],
    });
    safe = predicted;
    // Same owners, another salt → another address; a second deployment of the same one fails.
    expect(await t.adapter.predictSafeAddress({ ...params, saltNonce: 2n })).not.toBe(predicted);
    await expectCode(t.adapter.predictSafeAddress({ ...params, threshold: 4 }), 'INVALID_ARGUMENT');
    await expectCode(
      t.adapter.predictSafeAddress({
        ...params,
        owners: [owners[0]!.address, owners[0]!.address.toLowerCase()],
        threshold: 1,
      }),
      'INVALID_ARGUMENT',
    );
  });

  it('the proxy creation code read from the factory equals the published artifact', async () => {
    const factory = safeArtifact('safeProxyFactory');
    const code = (await t.client.readContract({
      address: t.devnet.contracts.safeProxyFactory,
      abi: factory.abi as Abi,
      functionName: 'proxyCreationCode',
    })) as Hex;
    const initializer = encodeSafeSetup(
      [owners[0]!.address],
      1,
      t.devnet.contracts.compatibilityFallbackHandler,
    );
    const a = computeSafeAddress({
      factory: t.devnet.contracts.safeProxyFactory,
      singleton: t.devnet.contracts.safeSingleton,
      initializer,
      saltNonce: 5n,
      proxyCreationCode: code,
    });
    expect(
      await t.adapter.predictSafeAddress({ owners: [owners[0]!.address], threshold: 1, saltNonce: 5n }),
    ).toBe(a);
    expect(code.length).toBeGreaterThan(200);
  });

  let tx: SafeTx;
  let hash: Hex;
  let sigA: SafeSignature;
  let sigB: SafeSignature;

  it('builds a USDT transfer whose safeTxHash equals the contract getTransactionHash', async () => {
    await fundFromFaucet(t.devnet, safe, { eth: '2', usdt: '1000' });
    expect(await usdtBalance(safe)).toBe(1_000_000_000n);
    const state = (await t.adapter.readSafe(safe))!;
    tx = t.adapter.buildTransfer({
      safe,
      token: usdt,
      to: recipient,
      amount: 123_456_789n,
      nonce: state.nonce,
    });
    expect(tx.to).toBe(usdt.contract);
    expect(tx.value).toBe(0n);
    hash = t.adapter.safeTxHash(31337, safe, tx);
    const onChain = await t.client.readContract({
      address: safe,
      abi: safeAbi,
      functionName: 'getTransactionHash',
      args: [
        tx.to,
        tx.value,
        tx.data,
        tx.operation,
        tx.safeTxGas,
        tx.baseGas,
        tx.gasPrice,
        tx.gasToken,
        tx.refundReceiver,
        tx.nonce,
      ],
    });
    expect(hash).toBe(onChain);
    // Native transfer and rejection hashes agree with the contract too.
    for (const other of [
      t.adapter.buildTransfer({
        safe,
        token: { contract: null, symbol: 'ETH', decimals: 18 },
        to: recipient,
        amount: 1n,
        nonce: 5n,
      }),
      t.adapter.buildRejection(safe, 9n),
    ]) {
      const contractHash = await t.client.readContract({
        address: safe,
        abi: safeAbi,
        functionName: 'getTransactionHash',
        args: [
          other.to,
          other.value,
          other.data,
          other.operation,
          other.safeTxGas,
          other.baseGas,
          other.gasPrice,
          other.gasToken,
          other.refundReceiver,
          other.nonce,
        ],
      });
      expect(t.adapter.safeTxHash(31337, safe, other)).toBe(contractHash);
    }
  });

  it('verifies an EIP-712 signature and an eth_sign signature to the right owners', async () => {
    const typed = JSON.parse(JSON.stringify(t.adapter.typedData(31337, safe, tx))); // as it travels to a browser
    const rawA = await owners[0]!.signTypedData(typed);
    sigA = await t.adapter.verifySafeSignature({ chainId: 31337, safe, tx, signature: rawA });
    expect(sigA).toMatchObject({ signer: owners[0]!.address, kind: 'eip712' });

    const personal = await owners[1]!.signMessage({ message: { raw: hash } }); // wallet's personal_sign of the hash
    sigB = await t.adapter.verifySafeSignature({ safe, hash, signature: personal, kind: 'eth_sign' });
    expect(sigB).toMatchObject({ signer: owners[1]!.address, kind: 'eth_sign' });
    // Stored in Safe encoding (v + 4); verifying the stored form gives the same answer.
    expect(await t.adapter.verifySafeSignature({ safe, tx, signature: sigB.signature })).toEqual(sigB);
    // A claimed signer that is not the recovered one is refused.
    await expectCode(
      t.adapter.verifySafeSignature({ safe, tx, signature: rawA, signer: owners[1]!.address }),
      'SIGNATURE_INVALID',
    );
    // tx and a hash that is not its hash: refused.
    await expectCode(
      t.adapter.verifySafeSignature({ safe, tx, hash: `0x${'00'.repeat(32)}`, signature: rawA }),
      'INVALID_ARGUMENT',
    );
    await expectCode(
      t.adapter.verifySafeSignature({ chainId: 1, safe, tx, signature: rawA }),
      'INVALID_ARGUMENT',
    );
  });

  it('rejects: non-owner signs (valid, but its signer is not an owner), malformed, high-s, other hash', async () => {
    const outsider = t.accounts[7]!;
    const typed = t.adapter.typedData(31337, safe, tx);
    const outsiderSig = await outsider.signTypedData!(typed as never);
    const verified = await t.adapter.verifySafeSignature({ safe, tx, signature: outsiderSig });
    // Cryptographically valid: it names the outsider. Ownership is the caller's check:
    expect(verified.signer).toBe(outsider.address);
    expect((await t.adapter.readSafe(safe))!.owners).not.toContain(verified.signer);

    const good = sigA.signature;
    await expectCode(
      t.adapter.verifySafeSignature({ safe, tx, signature: good.slice(0, 100) }),
      'SIGNATURE_MALFORMED',
    );
    await expectCode(
      t.adapter.verifySafeSignature({ safe, tx, signature: `${good}ff` }),
      'SIGNATURE_MALFORMED',
    );
    await expectCode(t.adapter.verifySafeSignature({ safe, tx, signature: 'hello' }), 'SIGNATURE_MALFORMED');
    const s = BigInt(`0x${good.slice(66, 130)}`);
    const v = good.endsWith('1b') ? 28 : 27;
    const twin = concat([
      `0x${good.slice(2, 66)}`,
      numberToHex(SECP256K1_N - s, { size: 32 }),
      toHex(v, { size: 1 }),
    ]);
    await expectCode(t.adapter.verifySafeSignature({ safe, tx, signature: twin }), 'SIGNATURE_HIGH_S');

    // Signed for another transaction (next nonce): recovers some other address, never owner A.
    const otherTx = { ...tx, nonce: tx.nonce + 1n };
    const otherSig = await owners[0]!.signTypedData(t.adapter.typedData(31337, safe, otherTx) as never);
    const misdirected = await t.adapter.verifySafeSignature({ safe, tx, signature: otherSig });
    expect(misdirected.signer).not.toBe(owners[0]!.address);
    expect(owners.map((o) => o.address)).not.toContain(misdirected.signer);
  });

  it('a transfer above the balance: simulateExec returns the revert and the inner reason', async () => {
    const tooMuch = t.adapter.buildTransfer({
      safe,
      token: usdt,
      to: recipient,
      amount: 10n ** 12n,
      nonce: tx.nonce,
    });
    const h = t.adapter.safeTxHash(31337, safe, tooMuch);
    const sigs = [
      await t.adapter.verifySafeSignature({
        safe,
        tx: tooMuch,
        signature: await owners[0]!.sign({ hash: h }),
      }),
      await t.adapter.verifySafeSignature({
        safe,
        tx: tooMuch,
        signature: await owners[2]!.sign({ hash: h }),
      }),
    ];
    const sim = await t.adapter.simulateExec({
      from: t.accounts[3]!.address,
      safe,
      tx: tooMuch,
      signatures: t.adapter.encodeSafeSignatures(sigs),
    });
    expect(sim).toMatchObject({ ok: false, reason: 'GS013', innerReason: 'insufficient balance' });
    // Unsorted signatures (bypassing the encoder) are refused by the Safe (GS026).
    const unsorted = concat(
      [...sigs].sort((a, b) => (BigInt(a.signer) > BigInt(b.signer) ? -1 : 1)).map((x) => x.signature),
    );
    const bad = await t.adapter.simulateExec({
      from: t.accounts[3]!.address,
      safe,
      tx: tooMuch,
      signatures: unsorted,
    });
    expect(bad).toMatchObject({ ok: false, reason: 'GS026' });
    // One signature of a 2-of-3: too short (GS020).
    const one = await t.adapter.simulateExec({
      from: t.accounts[3]!.address,
      safe,
      tx,
      signatures: t.adapter.encodeSafeSignatures([sigA]),
    });
    expect(one).toMatchObject({ ok: false, reason: 'GS020' });
  });

  it('executes with sorted signatures from a third account: recipient gets exactly the amount', async () => {
    const signatures = t.adapter.encodeSafeSignatures([sigB, sigA]); // order given does not matter
    const broadcaster = t.accounts[3]!;
    const sim = await t.adapter.simulateExec({ from: broadcaster.address, safe, tx, signatures });
    expect(sim.ok).toBe(true);
    expect(sim.gasEstimate).toBeGreaterThan(21_000n);
    const before = await usdtBalance(recipient);
    const exec = t.adapter.buildExecTransaction(safe, tx, signatures);
    expect(exec.to).toBe(safe);
    const { hash: txHash, status } = await t.send(broadcaster, exec);
    expect(status).toBe('success');
    expect((await usdtBalance(recipient)) - before).toBe(123_456_789n);
    expect(await usdtBalance(safe)).toBe(1_000_000_000n - 123_456_789n);
    const confirmation = await t.adapter.getConfirmation(txHash);
    expect(confirmation).toMatchObject({
      state: 'confirmed',
      safeExecution: { safe, safeTxHash: hash, success: true },
    });
    expect((await t.adapter.readSafe(safe))!.nonce).toBe(tx.nonce + 1n);
    // Replaying the same signatures fails: the nonce moved on.
    const replay = await t.adapter.simulateExec({ from: broadcaster.address, safe, tx, signatures });
    expect(replay.ok).toBe(false);
  });

  it('a rejection at the next nonce executes and bumps the nonce (approved-hash + EIP-712)', async () => {
    const nonce = (await t.adapter.readSafe(safe))!.nonce;
    const rejection = t.adapter.buildRejection(safe, nonce);
    expect(rejection).toMatchObject({ to: safe, value: 0n, data: '0x' });
    const h = t.adapter.safeTxHash(31337, safe, rejection);
    // Owner C approves the hash on chain (hardware wallet path), owner A signs typed data.
    const { status } = await t.send(owners[2]!, {
      to: safe,
      data: encodeFunctionData({ abi: safeAbi, functionName: 'approveHash', args: [h] }),
    });
    expect(status).toBe('success');
    const approved = await t.adapter.verifySafeSignature({
      safe,
      tx: rejection,
      signature: '0x',
      kind: 'approved_hash',
      signer: owners[2]!.address,
    });
    expect(approved).toMatchObject({ signer: owners[2]!.address, kind: 'approved_hash' });
    await expectCode(
      t.adapter.verifySafeSignature({
        safe,
        tx: rejection,
        signature: '0x',
        kind: 'approved_hash',
        signer: owners[1]!.address,
      }),
      'SIGNATURE_INVALID',
    );
    const a = await t.adapter.verifySafeSignature({
      safe,
      tx: rejection,
      signature: await owners[0]!.signTypedData(t.adapter.typedData(31337, safe, rejection) as never),
    });
    const signatures = t.adapter.encodeSafeSignatures([approved, a]);
    const exec = t.adapter.buildExecTransaction(safe, rejection, signatures);
    const ethBefore = await t.client.getBalance({ address: safe });
    const { hash: txHash, status: execStatus } = await t.send(t.accounts[3]!, exec);
    expect(execStatus).toBe('success');
    expect((await t.adapter.getConfirmation(txHash)).state).toBe('confirmed');
    expect((await t.adapter.readSafe(safe))!.nonce).toBe(nonce + 1n);
    expect(await t.client.getBalance({ address: safe })).toBe(ethBefore);
  });

  it('native ETH out of the Safe, and SafeReceived deposits are seen', async () => {
    const from = (await t.adapter.getBlockNumber()) + 1n;
    const nonce = (await t.adapter.readSafe(safe))!.nonce;
    const native: TokenRef = { contract: null, symbol: 'ETH', decimals: 18 };
    const out = t.adapter.buildTransfer({
      safe,
      token: native,
      to: recipient,
      amount: parseEther('0.5'),
      nonce,
    });
    const h = t.adapter.safeTxHash(31337, safe, out);
    const sigs = await Promise.all(
      [owners[1]!, owners[2]!].map(async (o) =>
        t.adapter.verifySafeSignature({ safe, hash: h, signature: await o.sign({ hash: h }) }),
      ),
    );
    const { status } = await t.send(
      t.accounts[3]!,
      t.adapter.buildExecTransaction(safe, out, t.adapter.encodeSafeSignatures(sigs)),
    );
    expect(status).toBe('success');
    expect(await t.client.getBalance({ address: recipient })).toBe(parseEther('0.5'));
    await fundFromFaucet(t.devnet, safe, { eth: '0.25' });
    const found = await t.adapter.getTransfersTo(
      [safe, recipient],
      [native],
      from,
      await t.adapter.getBlockNumber(),
    );
    // The faucet's top-level transfer to the Safe, once (from its SafeReceived event). The ETH
    // the Safe sent the EOA recipient is an internal transfer: not visible without tracing.
    expect(found.map((f) => [f.to, f.from, f.amount])).toEqual([
      [safe, t.devnet.accounts[0]!.address, parseEther('0.25')],
    ]);
    expect(found[0]!.logIndex).not.toBeNull(); // from the SafeReceived event, counted once
  });

  it('with safeTxGas > 0 a failing inner call is mined: ExecutionFailure → failed, nonce used', async () => {
    const nonce = (await t.adapter.readSafe(safe))!.nonce;
    const tx = {
      ...t.adapter.buildTransfer({ safe, token: usdt, to: recipient, amount: 10n ** 15n, nonce }),
      safeTxGas: 100_000n,
    };
    const h = t.adapter.safeTxHash(31337, safe, tx);
    const sigs = await Promise.all(
      [owners[0]!, owners[1]!].map(async (o) =>
        t.adapter.verifySafeSignature({ safe, tx, signature: await o.sign({ hash: h }) }),
      ),
    );
    const signatures = t.adapter.encodeSafeSignatures(sigs);
    expect(
      await t.adapter.simulateExec({ from: t.accounts[3]!.address, safe, tx, signatures }),
    ).toMatchObject({ ok: false, reason: 'ExecutionFailure' });
    const { hash: txHash, status } = await t.send(
      t.accounts[3]!,
      t.adapter.buildExecTransaction(safe, tx, signatures),
    );
    expect(status).toBe('success'); // the outer transaction succeeded …
    const confirmation = await t.adapter.getConfirmation(txHash);
    expect(confirmation).toMatchObject({
      state: 'failed',
      safeExecution: { safe, safeTxHash: h, success: false },
    }); // … the transfer did not
    expect(confirmation.reason).toMatch(/ExecutionFailure/);
    expect((await t.adapter.readSafe(safe))!.nonce).toBe(nonce + 1n);
  });

  it('verifyMessage: an unknown hash signature on a Safe address is not valid', async () => {
    const message = 'hello';
    const sig = await owners[0]!.signMessage({ message });
    expect(hashMessage(message)).toMatch(/^0x/);
    expect(await t.adapter.verifyMessage(safe, message, sig)).toBe(false);
  });
});
