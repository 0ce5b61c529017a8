import { safeArtifact } from '@keystead/devnet';
import {
  concat,
  encodeFunctionData,
  getAddress,
  sliceHex,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeSafeTx } from './safe-tx';
import { startTestDevnet, type TestDevnet } from './test-devnet';

const safeAbi = safeArtifact('safeSingleton').abi as Abi;
const FALLBACK_HANDLER_SLOT = '0x6c9a6c4a39284e37ed1cf53d337577d14212a4870fb976a4366c693b939918d5';
const GUARD_SLOT = '0x4a204f620c8c5ccdca3fd54d003badd85ba500436a431f0cbda4f558c93c34c8';

/**
 * readSafe reads the factory's own proxy in ONE eth_call (the proxy answers masterCopy() from its
 * code; the trusted singleton's getStorageAt reads the proxy's storage). Everything it reports is
 * checked here against the node's own eth_getStorageAt, after the Safe changes its fallback
 * handler, enables a module and finally moves to a singleton we do not trust.
 */
describe('readSafe: one eth_call for the factory proxy, the node storage otherwise', () => {
  let t: TestDevnet;
  let owner: ReturnType<typeof privateKeyToAccount>;
  let safe: Address;

  const nodeSlot = async (slot: Hex | bigint) =>
    getAddress(
      sliceHex(
        (await t.client.getStorageAt({
          address: safe,
          slot: typeof slot === 'bigint' ? `0x${slot}` : slot,
        })) ?? `0x${'0'.repeat(64)}`,
        12,
        32,
      ),
    );

  /** One Safe transaction signed by the single owner and executed. */
  async function execute(call: { to: Address; data: Hex; operation: 0 | 1 }) {
    const nonce = (await t.adapter.readSafe(safe))!.nonce;
    const tx = normalizeSafeTx({
      ...call,
      value: 0n,
      safeTxGas: 0n,
      baseGas: 0n,
      gasPrice: 0n,
      gasToken: zeroAddress,
      refundReceiver: zeroAddress,
      nonce,
    });
    const typed = JSON.parse(JSON.stringify(t.adapter.typedData(31337, safe, tx)));
    const signed = await t.adapter.verifySafeSignature({
      safe,
      tx,
      signature: await owner.signTypedData(typed),
    });
    const exec = t.adapter.buildExecTransaction(safe, tx, t.adapter.encodeSafeSignatures([signed]));
    expect((await t.send(t.accounts[3]!, exec)).status).toBe('success');
  }

  /** Deploys `runtime` as a contract's code (a minimal constructor that returns it). */
  async function deployRuntime(runtime: Hex): Promise<Address> {
    const size = (runtime.length - 2) / 2;
    const constructor = `0x60${size.toString(16).padStart(2, '0')}80600b6000396000f3` as Hex;
    return deploy(concat([constructor, runtime]));
  }

  async function deploy(initcode: Hex): Promise<Address> {
    const { hash, status } = await t.send(t.accounts[3]!, {
      to: undefined as unknown as Address,
      data: initcode,
    });
    expect(status).toBe('success');
    return getAddress((await t.client.getTransactionReceipt({ hash })).contractAddress!);
  }

  beforeAll(async () => {
    t = await startTestDevnet();
    owner = t.accounts[7] as ReturnType<typeof privateKeyToAccount>;
    const deployment = await t.adapter.buildSafeDeployment({
      owners: [owner.address],
      threshold: 1,
      saltNonce: 77n,
    });
    expect((await t.send(owner, { to: deployment.to, data: deployment.data })).status).toBe('success');
    safe = deployment.predictedAddress;
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('an address without code is no Safe; the factory proxy is read in one eth_call after its code is known', async () => {
    expect(await t.adapter.readSafe(owner.address)).toBeNull();
    expect(await t.adapter.readSafe(safe)).not.toBeNull(); // learns the proxy code once
    t.adapter.resetRpcRequestCount();
    const state = (await t.adapter.readSafe(safe))!;
    expect(t.adapter.rpcRequestCount()).toBe(1);
    expect(state).toMatchObject({
      owners: [owner.address],
      threshold: 1,
      singleton: await nodeSlot(0n),
      trustedSingleton: true,
      fallbackHandler: await nodeSlot(FALLBACK_HANDLER_SLOT),
      guard: await nodeSlot(GUARD_SLOT),
      modules: [],
    });
    // With its balances, still one eth_call.
    t.adapter.resetRpcRequestCount();
    const both = await t.adapter.readSafeAndBalances(safe, [{ contract: null, symbol: 'ETH', decimals: 18 }]);
    expect(t.adapter.rpcRequestCount()).toBe(1);
    expect(both.safe).toEqual(state);
    expect(both.balances.get(safe)!.get('native')).toBe(await t.client.getBalance({ address: safe }));
  });

  it('a new fallback handler and an enabled module are seen, as the node stores them', async () => {
    const handler = getAddress('0x000000000000000000000000000000000000fa11');
    const module = t.accounts[8]!.address;
    await execute({
      to: safe,
      data: encodeFunctionData({ abi: safeAbi, functionName: 'setFallbackHandler', args: [handler] }),
      operation: 0,
    });
    await execute({
      to: safe,
      data: encodeFunctionData({ abi: safeAbi, functionName: 'enableModule', args: [module] }),
      operation: 0,
    });
    t.adapter.resetRpcRequestCount();
    const state = (await t.adapter.readSafe(safe))!;
    expect(t.adapter.rpcRequestCount()).toBe(1);
    expect(await nodeSlot(FALLBACK_HANDLER_SLOT)).toBe(handler);
    expect(state).toMatchObject({ fallbackHandler: handler, modules: [module], trustedSingleton: true });
  });

  it('moved to a singleton we do not trust: the slots come from the node and it is reported', async () => {
    // A second copy of the real singleton, at an address no configuration names.
    const copy = await deploy(safeArtifact('safeSingleton').bytecode as Hex);
    // A delegatecall to code that writes slot 0 (PUSH20 copy, PUSH1 0, SSTORE, STOP).
    const writer = await deployRuntime(concat(['0x73', copy, '0x60005500']));
    await execute({ to: writer, data: '0x', operation: 1 });
    expect(await nodeSlot(0n)).toBe(copy);
    t.adapter.resetRpcRequestCount();
    const state = (await t.adapter.readSafe(safe))!;
    expect(t.adapter.rpcRequestCount()).toBe(5); // the one eth_call, then the node path: its eth_call and three slots
    expect(state).toMatchObject({ singleton: copy, trustedSingleton: false, owners: [owner.address] });
  });
});
