// Emergency recovery on a private devnet, with the real Safe v1.4.1 contracts and the devnet's
// RecoveryDelay behind Zodiac's ModuleProxyFactory: enabled by a signed 2-of-3 Safe transaction
// (MultiSendCallOnly), a queued owner swap vetoed by the owners, another one executed after the
// cooldown, the callers the Delay refuses, and the disable path. Safe transactions are built,
// signed, verified and encoded with the adapter's own Safe functions.
import { devnetAbi, devnetContractAddresses } from '@keystead/devnet';
import {
  createPublicClient,
  decodeErrorResult,
  decodeEventLog,
  encodeFunctionData,
  getAddress,
  http,
  numberToHex,
  type Address,
  type Hex,
  type PublicClient,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isChainError } from '../errors';
import type { BatchCall } from './multi-send';
import {
  moduleProxyFactoryAbi,
  queuedRecoveries,
  readRecovery,
  recoveryCancelCall,
  recoveryDelayAbi,
  recoveryDelayAddress,
  recoveryDisableCalls,
  recoveryExecuteCall,
  recoveryQueueCall,
  recoverySetupCalls,
  safeRecoveryAbi,
  SENTINEL_ADDRESS,
  type QueuedSafeRecovery,
} from './recovery';
import { startTestDevnet, type TestDevnet } from './test-devnet';

const COOLDOWN = 86_400n; // one day
const SALT = 42n;

describe('Safe emergency recovery through a delay modifier, on the devnet', () => {
  let t: TestDevnet;
  let safe: Address;
  let delay: Address;
  let owners: PrivateKeyAccount[];
  let recoverer: PrivateKeyAccount;
  let stranger: PrivateKeyAccount;
  let broadcaster: PrivateKeyAccount;
  let startBlock: bigint;
  let requests = 0;
  let counted: PublicClient;
  const ownerAddresses = () => owners.map((o) => o.address);

  /** The calls as one Safe transaction, signed by owners 1 and 2, verified, executed by a third account. */
  async function execBySafe(calls: BatchCall[]) {
    const { nonce } = (await t.adapter.readSafe(safe))!;
    const tx = t.adapter.buildCallsTx({ calls, nonce });
    const hash = t.adapter.safeTxHash(31337, safe, tx);
    const signatures = t.adapter.encodeSafeSignatures(
      await Promise.all(
        owners
          .slice(1)
          .map(async (o) => t.adapter.verifySafeSignature({ safe, tx, signature: await o.sign({ hash }) })),
      ),
    );
    const sent = await t.send(broadcaster, t.adapter.buildExecTransaction(safe, tx, signatures));
    expect(sent.status).toBe('success');
    const confirmation = await t.adapter.getConfirmation(sent.hash);
    expect(confirmation.safeExecution).toMatchObject({ safe, safeTxHash: hash, success: true });
    return { tx, hash: sent.hash };
  }

  /** Why the call reverts now (null: it does not), custom errors named with the Delay's ABI. */
  async function reverts(from: Address, call: { to: string; data: Hex }): Promise<string | null> {
    try {
      await counted.call({ account: from, to: call.to as Address, data: call.data });
      return null;
    } catch (error) {
      const data = (error as { walk: (fn: (e: unknown) => boolean) => { data?: Hex } | null }).walk(
        (e) => typeof (e as { data?: unknown }).data === 'string',
      )?.data;
      if (data && data.length >= 10 && !data.startsWith('0x08c379a0')) {
        return decodeErrorResult({ abi: devnetAbi.recoveryDelay, data }).errorName;
      }
      return t.adapter.callReverts({ from, to: call.to, value: 0n, data: call.data });
    }
  }

  const increaseTime = async (seconds: bigint) => {
    await t.client.request({ method: 'evm_increaseTime' as never, params: [numberToHex(seconds)] as never });
    await t.client.request({ method: 'evm_mine' as never, params: [] as never });
  };

  const readState = () => readRecovery(counted, { safe, delay, multicall3: t.devnet.contracts.multicall3 });

  beforeAll(async () => {
    t = await startTestDevnet();
    counted = createPublicClient({
      chain: hardhat,
      // No retries: a revert answer is final, and each request is counted once.
      transport: http(t.devnet.rpcUrl, { retryCount: 0, onFetchRequest: () => void requests++ }),
    }) as PublicClient;
    owners = [4, 5, 6].map((i) => t.accounts[i] as PrivateKeyAccount);
    broadcaster = t.accounts[3] as PrivateKeyAccount;
    recoverer = t.accounts[7] as PrivateKeyAccount;
    stranger = t.accounts[8] as PrivateKeyAccount;
    const deployment = await t.adapter.buildSafeDeployment({
      owners: ownerAddresses(),
      threshold: 2,
      saltNonce: 9_300_000_001n,
    });
    expect((await t.send(broadcaster, deployment)).status).toBe('success');
    safe = deployment.predictedAddress;
    startBlock = await t.adapter.getBlockNumber();
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('enables recovery on a 2-of-3 Safe with one signed MultiSendCallOnly transaction', async () => {
    const { moduleProxyFactory: factory, recoveryDelay: mastercopy } = t.devnet.contracts;
    const params = { safe, factory, mastercopy, cooldown: COOLDOWN, expiration: 0n, saltNonce: SALT };
    delay = recoveryDelayAddress(params);
    // Another salt, cooldown or Safe gives another Delay.
    expect(recoveryDelayAddress({ ...params, saltNonce: SALT + 1n })).not.toBe(delay);
    expect(recoveryDelayAddress({ ...params, cooldown: COOLDOWN + 1n })).not.toBe(delay);
    requests = 0;
    const before = await readState();
    expect(requests).toBe(1);
    expect(before).toMatchObject({
      deployed: false,
      enabled: false,
      owner: null,
      txNonce: null,
      pending: 0n,
      next: null,
      owners: ownerAddresses(),
      threshold: 2,
    });

    const calls = recoverySetupCalls({ ...params, recoverer: recoverer.address });
    expect(calls.map((c) => c.to)).toEqual([factory, safe, delay]);
    const { tx, hash } = await execBySafe(calls);
    // Several calls: one DELEGATECALL to the chain's MultiSendCallOnly.
    expect(tx).toMatchObject({ to: t.devnet.contracts.multiSendCallOnly, operation: 1 });

    // The factory created the proxy at the predicted address, of our mastercopy.
    const receipt = await t.client.getTransactionReceipt({ hash });
    const created = receipt.logs
      .filter((l) => getAddress(l.address) === factory)
      .map((l) => decodeEventLog({ abi: moduleProxyFactoryAbi, data: l.data, topics: l.topics }).args);
    expect(created).toEqual([{ proxy: delay, masterCopy: mastercopy }]);

    const isEnabled = await t.client.readContract({
      address: safe,
      abi: safeRecoveryAbi,
      functionName: 'isModuleEnabled',
      args: [delay],
    });
    expect(isEnabled).toBe(true);
    requests = 0;
    const state = await readState();
    expect(requests).toBe(1);
    expect(state).toMatchObject({
      deployed: true,
      enabled: true,
      owner: safe,
      avatar: safe,
      target: safe,
      recoverers: [recoverer.address],
      txNonce: 0n,
      queueNonce: 0n,
      cooldown: COOLDOWN,
      expiration: 0n,
      pending: 0n,
      next: null,
    });
    expect(state.timestamp).toBe((await t.client.getBlock()).timestamp);
    // The devnet's factory and mastercopy sit at their deterministic addresses; the mastercopy
    // was set up at deployment with placeholders (owner 0x…01): nobody can take it over.
    expect(devnetContractAddresses()).toMatchObject({
      moduleProxyFactory: factory,
      recoveryDelay: mastercopy,
    });
    expect(
      await t.client.readContract({ address: mastercopy, abi: recoveryDelayAbi, functionName: 'owner' }),
    ).toBe(SENTINEL_ADDRESS);
    const setUpAgain = encodeFunctionData({
      abi: devnetAbi.recoveryDelay,
      functionName: 'setUp',
      args: ['0x'],
    });
    expect(await reverts(stranger.address, { to: mastercopy, data: setUpAgain })).toBe(
      'InvalidInitialization',
    );
    expect(await reverts(stranger.address, { to: delay, data: setUpAgain })).toBe('InvalidInitialization');
  });

  let vetoed: QueuedSafeRecovery;

  it('a queued swap cannot run before the cooldown; the owners veto it with setTxNonce(queueNonce)', async () => {
    const lost = owners[1]!.address; // prevOwner is owners[0]
    const newOwner = privateKeyToAccount(generatePrivateKey()).address;
    const queue = recoveryQueueCall({ delay, safe, owners: ownerAddresses(), lostOwner: lost, newOwner });
    const from = (await t.adapter.getBlockNumber()) + 1n;
    expect((await t.send(recoverer, queue)).status).toBe('success');

    vetoed = (await queuedRecoveries(t.client, { delay, safe, fromBlock: from }))[0]!;
    expect(vetoed).toMatchObject({
      delay,
      to: safe,
      value: 0n,
      operation: 0,
      queueNonce: 0n,
      swap: { prevOwner: owners[0]!.address, oldOwner: lost, newOwner },
    });
    const execute = recoveryExecuteCall(vetoed);
    expect(await reverts(stranger.address, execute)).toBe('RecoveryDelay: cooldown has not passed');
    await increaseTime(COOLDOWN / 2n);
    expect(await reverts(stranger.address, execute)).toBe('RecoveryDelay: cooldown has not passed');

    requests = 0;
    const pending = await readState();
    expect(requests).toBe(2); // txCreatedAt(txNonce) needs txNonce first
    const queuedAt = (await t.client.getBlock({ blockNumber: vetoed.blockNumber })).timestamp;
    expect(pending).toMatchObject({
      txNonce: 0n,
      queueNonce: 1n,
      pending: 1n,
      next: { queueNonce: 0n, createdAt: queuedAt, readyAt: queuedAt + COOLDOWN, expiresAt: null },
    });

    // The veto: a signed Safe transaction calling setTxNonce(queueNonce) on the Delay.
    const { tx } = await execBySafe([recoveryCancelCall({ delay, queueNonce: pending.queueNonce! })]);
    expect(tx).toMatchObject({ to: delay, operation: 0 });
    await increaseTime(COOLDOWN);
    expect(await reverts(stranger.address, execute)).toBe('RecoveryDelay: queue is empty');
    expect(await readState()).toMatchObject({ txNonce: 1n, queueNonce: 1n, pending: 0n, next: null });
    expect((await t.adapter.readSafe(safe))!.owners).toEqual(ownerAddresses());
  });

  it('a second queued swap runs after the cooldown: the new owner replaces the lost one', async () => {
    const lost = owners[0]!.address; // the first owner: prevOwner is the sentinel
    const newOwner = privateKeyToAccount(generatePrivateKey()).address;
    const from = (await t.adapter.getBlockNumber()) + 1n;
    const queue = recoveryQueueCall({ delay, safe, owners: ownerAddresses(), lostOwner: lost, newOwner });
    expect((await t.send(recoverer, queue)).status).toBe('success');
    const [queued] = await queuedRecoveries(t.client, { delay, safe, fromBlock: from });
    expect(queued).toMatchObject({
      queueNonce: 1n,
      swap: { prevOwner: SENTINEL_ADDRESS, oldOwner: lost, newOwner },
    });
    const execute = recoveryExecuteCall(queued!);
    expect(await reverts(stranger.address, execute)).toBe('RecoveryDelay: cooldown has not passed');
    // The vetoed call cannot be run in its place.
    await increaseTime(COOLDOWN);
    expect(await reverts(stranger.address, recoveryExecuteCall(vetoed))).toBe('RecoveryDelay: hash mismatch');

    // Anyone may run it now.
    expect(await reverts(stranger.address, execute)).toBeNull();
    expect((await t.send(stranger, execute)).status).toBe('success');
    const after = (await t.adapter.readSafe(safe))!;
    expect(after.owners).toEqual([newOwner, owners[1]!.address, owners[2]!.address]);
    expect(after.threshold).toBe(2);
    expect(await readState()).toMatchObject({
      txNonce: 2n,
      queueNonce: 2n,
      pending: 0n,
      owners: after.owners,
    });
    // It ran once.
    expect(await reverts(stranger.address, execute)).toBe('RecoveryDelay: queue is empty');

    // Both queued calls, in queue order, from the Delay's logs since the Safe was made.
    const all = await queuedRecoveries(t.client, { delay, safe, fromBlock: startBlock });
    expect(all.map((q) => [q.queueNonce, q.swap?.oldOwner])).toEqual([
      [0n, owners[1]!.address],
      [1n, lost],
    ]);
    // The lost owner is gone; the Safe's next transactions are signed by owners 1 and 2, as before.
  });

  it('refuses: a queue from a non-module, a veto from a non-owner', async () => {
    const owned = (await t.adapter.readSafe(safe))!.owners;
    const queue = recoveryQueueCall({
      delay,
      safe,
      owners: owned,
      lostOwner: owned[1]!,
      newOwner: stranger.address,
    });
    expect(await reverts(stranger.address, queue)).toBe('NotAuthorized');
    // A Safe owner is not a module of the Delay either: only the Safe (its owners together) is its owner.
    expect(await reverts(owned[1]!, queue)).toBe('NotAuthorized');
    expect(await reverts(recoverer.address, queue)).toBeNull();

    expect((await t.send(recoverer, queue)).status).toBe('success');
    const veto = recoveryCancelCall({ delay, queueNonce: 3n });
    for (const who of [stranger.address, recoverer.address, owned[1]!]) {
      expect(await reverts(who, veto)).toBe('OwnableUnauthorizedAccount');
    }
    // The Safe itself may; past the queue it may not.
    expect(await reverts(safe, veto)).toBeNull();
    expect(await reverts(safe, recoveryCancelCall({ delay, queueNonce: 4n }))).toBe(
      'RecoveryDelay: nonce must not pass queueNonce',
    );
    await execBySafe([veto]);
    expect(await readState()).toMatchObject({ txNonce: 3n, queueNonce: 3n, pending: 0n });
  });

  it('disabling the Delay on the Safe ends recovery: a queued call can never run', async () => {
    const owned = (await t.adapter.readSafe(safe))!.owners;
    const queue = recoveryQueueCall({
      delay,
      safe,
      owners: owned,
      lostOwner: owned[2]!,
      newOwner: stranger.address,
    });
    expect((await t.send(recoverer, queue)).status).toBe('success');
    const { modules } = (await t.adapter.readSafe(safe))!;
    expect(modules).toEqual([delay]);
    await execBySafe(recoveryDisableCalls({ safe, delay, modules }));
    expect((await t.adapter.readSafe(safe))!.modules).toEqual([]);
    expect(await readState()).toMatchObject({ deployed: true, enabled: false, pending: 1n });

    await increaseTime(COOLDOWN);
    const [last] = (await queuedRecoveries(t.client, { delay, safe, fromBlock: startBlock })).slice(-1);
    // The Safe refuses the Delay (GS104: not an enabled module), so executeNextTx reverts.
    expect(await reverts(stranger.address, recoveryExecuteCall(last!))).toMatch(
      /GS104|module transaction failed/,
    );
  });

  it('refuses bad arguments before anything is sent', () => {
    const base = {
      safe,
      factory: t.devnet.contracts.moduleProxyFactory,
      mastercopy: t.devnet.contracts.recoveryDelay,
      cooldown: COOLDOWN,
      expiration: 0n,
      saltNonce: 1n,
      recoverer: recoverer.address,
    };
    const code = (fn: () => unknown) => {
      try {
        fn();
        return null;
      } catch (error) {
        return isChainError(error) ? error.code : 'not a ChainError';
      }
    };
    expect(code(() => recoverySetupCalls(base))).toBeNull();
    expect(code(() => recoverySetupCalls({ ...base, expiration: 59n }))).toBe('INVALID_ARGUMENT');
    expect(code(() => recoverySetupCalls({ ...base, expiration: 60n }))).toBeNull();
    expect(code(() => recoverySetupCalls({ ...base, cooldown: 0n }))).toBe('INVALID_ARGUMENT');
    expect(code(() => recoverySetupCalls({ ...base, recoverer: safe }))).toBe('INVALID_ARGUMENT');
    expect(code(() => recoverySetupCalls({ ...base, recoverer: SENTINEL_ADDRESS }))).toBe('INVALID_ARGUMENT');
    expect(code(() => recoverySetupCalls({ ...base, safe: '0x1234' }))).toBe('INVALID_ADDRESS');
    const swap = {
      delay,
      safe,
      owners: ownerAddresses(),
      lostOwner: owners[0]!.address,
      newOwner: stranger.address,
    };
    expect(code(() => recoveryQueueCall(swap))).toBeNull();
    expect(code(() => recoveryQueueCall({ ...swap, lostOwner: stranger.address }))).toBe('INVALID_ARGUMENT');
    expect(code(() => recoveryQueueCall({ ...swap, newOwner: owners[1]!.address }))).toBe('INVALID_ARGUMENT');
    expect(code(() => recoveryCancelCall({ delay, queueNonce: 0n }))).toBe('INVALID_ARGUMENT');
    expect(code(() => recoveryDisableCalls({ safe, delay, modules: [] }))).toBe('INVALID_ARGUMENT');
    // The ABI fragments this package encodes with are the artifact's (same selectors).
    for (const name of [
      'setUp',
      'enableModule',
      'execTransactionFromModule',
      'executeNextTx',
      'setTxNonce',
    ] as const) {
      const ours = recoveryDelayAbi.find((i) => i.type === 'function' && i.name === name)!;
      const artifact = devnetAbi.recoveryDelay.find((i) => i.type === 'function' && i.name === name)!;
      expect(ours.inputs.map((i) => i.type)).toEqual(artifact.inputs.map((i) => i.type));
    }
  });
});
