import { devnetAbi, fundFromFaucet } from '@keystead/devnet';
import { createWalletClient, encodeFunctionData, http, parseEther, parseGwei, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isChainError } from '../errors';
import { NATIVE, type TokenRef } from '../types';
import { startTestDevnet, type TestDevnet } from './test-devnet';

describe('EVM adapter on the devnet', () => {
  let t: TestDevnet;
  let usdt: TokenRef;
  const native: TokenRef = { contract: null, symbol: 'ETH', decimals: 18 };

  beforeAll(async () => {
    t = await startTestDevnet();
    usdt = { contract: t.devnet.contracts.usdt, symbol: 'USDT', decimals: 6 };
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('pings, knows contracts from EOAs', async () => {
    expect(await t.adapter.ping()).toBe(true);
    expect(await t.adapter.isContract(t.devnet.contracts.usdt)).toBe(true);
    expect(await t.adapter.isContract(t.devnet.contracts.safeSingleton)).toBe(true);
    expect(await t.adapter.isContract(t.accounts[1]!.address)).toBe(false);
    expect(t.adapter.safeSingleton).toBe(t.devnet.contracts.safeSingleton);
  });

  it('reads an ERC-20 from its contract; a non-token is TOKEN_NOT_FOUND', async () => {
    expect(await t.adapter.readToken(t.devnet.contracts.usdt.toLowerCase())).toEqual({
      symbol: 'USDT',
      decimals: 6,
      name: 'Tether USD (devnet)',
    });
    for (const notToken of [
      t.accounts[1]!.address,
      t.devnet.contracts.safeSingleton,
      t.devnet.contracts.multicall3,
    ]) {
      await expect(t.adapter.readToken(notToken)).rejects.toSatisfy((e) =>
        isChainError(e, 'TOKEN_NOT_FOUND'),
      );
    }
  });

  it('balances of 20 holders × 3 tokens in one RPC request', async () => {
    // The devnet has one ERC-20; the third "token" is a contract that is not one: its
    // entries are left out of the sheet instead of failing the whole read.
    const holders = Array.from({ length: 20 }, () => privateKeyToAccount(generatePrivateKey()).address);
    await fundFromFaucet(t.devnet, holders[0]!, { eth: '1.5', usdt: '12.345678' });
    await fundFromFaucet(t.devnet, holders[19]!, { usdt: '7' });
    const notAToken: TokenRef = { contract: t.devnet.contracts.safeSingleton, symbol: 'X', decimals: 0 };
    t.adapter.resetRpcRequestCount();
    const sheet = await t.adapter.getBalances(holders, [native, usdt, notAToken]);
    const requests = t.adapter.rpcRequestCount();
    console.warn(`[measure] getBalances 20 holders x 3 tokens: ${requests} RPC request(s)`);
    expect(requests).toBeLessThanOrEqual(2);
    expect(requests).toBe(1);
    expect(sheet.size).toBe(20);
    const usdtKey = usdt.contract!.toLowerCase();
    expect(sheet.get(holders[0]!)!.get(NATIVE)).toBe(parseEther('1.5'));
    expect(sheet.get(holders[0]!)!.get(usdtKey)).toBe(12_345_678n);
    expect(sheet.get(holders[19]!)!.get(usdtKey)).toBe(7_000_000n);
    expect(sheet.get(holders[5]!)!.get(NATIVE)).toBe(0n);
    expect(sheet.get(holders[5]!)!.has(notAToken.contract!.toLowerCase())).toBe(false);
  });

  it('1200 balance reads take ceil(1200 / 500) = 3 requests', async () => {
    const holders = Array.from({ length: 600 }, () => privateKeyToAccount(generatePrivateKey()).address);
    t.adapter.resetRpcRequestCount();
    const sheet = await t.adapter.getBalances(holders, [native, usdt]);
    const requests = t.adapter.rpcRequestCount();
    console.warn(`[measure] getBalances 600 holders x 2 tokens: ${requests} RPC request(s)`);
    expect(requests).toBe(3);
    expect(
      [...sheet.values()].every((m) => m.get(NATIVE) === 0n && m.get(usdt.contract!.toLowerCase()) === 0n),
    ).toBe(true);
  });

  it('fee tiers: slow ≤ standard ≤ fast, with the priority floor', async () => {
    t.adapter.resetRpcRequestCount();
    const fees = await t.adapter.getFeeTiers();
    expect(t.adapter.rpcRequestCount()).toBe(1);
    expect(fees.unit).toBe('gwei');
    const { slow, standard, fast } = fees.tiers;
    expect(slow.maxPriorityFeePerGas!).toBeGreaterThanOrEqual(parseGwei('0.1'));
    expect(slow.maxPriorityFeePerGas!).toBeLessThanOrEqual(standard.maxPriorityFeePerGas!);
    expect(standard.maxPriorityFeePerGas!).toBeLessThanOrEqual(fast.maxPriorityFeePerGas!);
    expect(slow.maxFeePerGas!).toBeLessThanOrEqual(standard.maxFeePerGas!);
    expect(standard.maxFeePerGas!).toBeLessThanOrEqual(fast.maxFeePerGas!);
    const block = await t.client.getBlock();
    expect(slow.maxFeePerGas!).toBeGreaterThan(block.baseFeePerGas!);
  });

  it('broadcasts a signed raw transaction and follows it to confirmed; typed broadcast errors', async () => {
    const sender = t.accounts[8]!;
    const to = privateKeyToAccount(generatePrivateKey()).address;
    const fees = await t.adapter.getFeeTiers();
    const nonce = await t.client.getTransactionCount({ address: sender.address });
    const raw = await sender.signTransaction!({
      chainId: hardhat.id,
      type: 'eip1559',
      to,
      value: parseEther('0.25'),
      nonce,
      gas: 21_000n,
      maxFeePerGas: fees.tiers.standard.maxFeePerGas!,
      maxPriorityFeePerGas: fees.tiers.standard.maxPriorityFeePerGas!,
    });
    const hash = await t.adapter.broadcast(raw);
    await t.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    const status = await t.adapter.getConfirmation(hash);
    expect(status.state).toBe('confirmed');
    expect(status.confirmations).toBe(1);
    expect(await t.client.getBalance({ address: to })).toBe(parseEther('0.25'));
    await expect(t.adapter.broadcast(raw)).rejects.toSatisfy(
      (e) => isChainError(e, 'NONCE_TOO_LOW') || isChainError(e, 'ALREADY_KNOWN'),
    );
    expect((await t.adapter.getConfirmation(`0x${'ab'.repeat(32)}`)).state).toBe('unknown');
    expect((await t.adapter.getConfirmation(hash, { minConfirmations: 3 })).state).toBe('pending');
  });

  it('a reverted transaction is failed with its reason', async () => {
    const sender = t.accounts[8]!;
    // transfer more USDT than the sender has: the token reverts.
    // More USDT than the sender has, with a fixed gas limit (gas estimation would refuse it).
    const wallet = createWalletClient({ chain: hardhat, transport: http(t.devnet.rpcUrl), account: sender });
    const hash = await wallet.sendTransaction({
      to: t.devnet.contracts.usdt,
      gas: 100_000n,
      data: encodeFunctionData({
        abi: devnetAbi.usdt,
        functionName: 'transfer',
        args: [t.accounts[2]!.address, 10n ** 30n],
      }),
    });
    const { status } = await t.client.waitForTransactionReceipt({ hash, pollingInterval: 50 });
    expect(status).toBe('reverted');
    const confirmation = await t.adapter.getConfirmation(hash);
    expect(confirmation.state).toBe('failed');
    console.warn(`[info] reverted transfer reason: ${confirmation.reason}`);
    expect(confirmation.reason).toMatch(/balance|revert/i);
  });

  it('verifies EIP-191 messages of EOAs', async () => {
    const signer = t.accounts[4]!;
    const message = 'Keystead: prove you own this address\nnonce: 42';
    const signature = await signer.signMessage!({ message });
    expect(await t.adapter.verifyMessage(signer.address, message, signature)).toBe(true);
    expect(await t.adapter.verifyMessage(signer.address.toLowerCase(), message, signature)).toBe(true);
    expect(await t.adapter.verifyMessage(t.accounts[5]!.address, message, signature)).toBe(false);
    expect(await t.adapter.verifyMessage(signer.address, `${message}!`, signature)).toBe(false);
    expect(await t.adapter.verifyMessage(signer.address, message, signature.slice(0, 100))).toBe(false);
    expect(await t.adapter.verifyMessage('0xnot-an-address', message, signature)).toBe(false);
  });

  it('finds native and ERC-20 deposits to watched addresses', async () => {
    const watched = [
      privateKeyToAccount(generatePrivateKey()).address,
      privateKeyToAccount(generatePrivateKey()).address,
    ] as Address[];
    const from = (await t.adapter.getBlockNumber()) + 1n;
    await fundFromFaucet(t.devnet, watched[0]!, { eth: '0.5', usdt: '3' });
    await fundFromFaucet(t.devnet, watched[1]!, { usdt: '4.5' });
    await fundFromFaucet(t.devnet, t.accounts[9]!.address, { eth: '1', usdt: '1' }); // not watched
    const to = await t.adapter.getBlockNumber();
    t.adapter.resetRpcRequestCount();
    const found = await t.adapter.getTransfersTo(watched, [native, usdt], from, to);
    console.warn(
      `[measure] getTransfersTo over ${to - from + 1n} blocks: ${t.adapter.rpcRequestCount()} RPC request(s)`,
    );
    const faucet = t.devnet.accounts[0]!.address;
    expect(found.map((f) => [f.to, f.token, f.amount, f.logIndex === null])).toEqual([
      [watched[0], null, parseEther('0.5'), true],
      [watched[0], t.devnet.contracts.usdt, 3_000_000n, false],
      [watched[1], t.devnet.contracts.usdt, 4_500_000n, false],
    ]);
    expect(found[0]!.from).toBe(faucet);
    expect(found[1]!.from).toBe('0x0000000000000000000000000000000000000000'); // minted
    expect(found.every((f) => f.blockNumber >= from && f.blockNumber <= to)).toBe(true);
  });
});
