import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  concat,
  createPublicClient,
  createWalletClient,
  encodeFunctionData,
  http,
  parseEther,
  parseUnits,
  zeroAddress,
  type Abi,
  type Hex,
  type PublicClient,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CANONICAL_SAFE_V141,
  devnetAbi,
  devnetContractAddresses,
  fundFromFaucet,
  isDevnetHealthy,
  MULTICALL3_ADDRESS,
  safeArtifact,
  startEvmDevnet,
  type Address,
  type EvmDevnet,
  type EvmDevnetStartInfo,
} from './index';

const safeAbi = safeArtifact('safeSingleton').abi as Abi;
const factoryAbi = safeArtifact('safeProxyFactory').abi as Abi;

type Devnet = EvmDevnet & { startInfo: EvmDevnetStartInfo };

describe('EVM devnet', () => {
  let dataDir: string;
  let devnet: Devnet | undefined;
  let client: PublicClient;
  let safe: Address;
  const usdt = devnetContractAddresses().usdt;

  const start = async () => {
    devnet = await startEvmDevnet({ dataDir, port: 0 });
    client = createPublicClient({ chain: hardhat, transport: http(devnet.rpcUrl) });
    return devnet;
  };
  const stop = async () => {
    const pid = devnet?.startInfo.pid;
    await devnet?.stop();
    devnet = undefined;
    // The child process is really gone.
    if (pid) expect(() => process.kill(pid, 0)).toThrow();
  };
  const usdtBalance = (owner: Address) =>
    client.readContract({ address: usdt, abi: devnetAbi.usdt, functionName: 'balanceOf', args: [owner] });
  const journalLines = () =>
    readFileSync(join(dataDir, 'evm', 'journal.ndjson'), 'utf8')
      .trim()
      .split('\n').length;

  beforeAll(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'keystead-evm-devnet-'));
  });
  afterAll(async () => {
    await devnet?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts fresh on an ephemeral port and deploys the contracts', async () => {
    const d = await start();
    expect(d.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(d.startInfo.replayed).toBe(0);
    // How long starting takes is measured in `npm run bench -- startup`, not asserted here.
    expect(d.startInfo.startupMs).toBeGreaterThan(0);
    expect(await client.getChainId()).toBe(31337);
    for (const address of Object.values(d.contracts)) {
      expect((await client.getCode({ address }))?.length ?? 0).toBeGreaterThan(2);
    }
    expect(d.accounts).toHaveLength(10);
    expect(d.accounts[0]?.address).toBe('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266');
    expect(privateKeyToAccount(d.accounts[9]!.privateKey).address).toBe(d.accounts[9]!.address);
    expect(await isDevnetHealthy(d.rpcUrl, d.contracts)).toBe(true);
    const state = JSON.parse(readFileSync(join(dataDir, 'evm', 'devnet.json'), 'utf8')) as {
      contracts: unknown;
    };
    expect(state.contracts).toEqual(d.contracts);
  });

  it('puts Safe v1.4.1 on its canonical addresses', async () => {
    const { contracts } = devnet!;
    expect({
      safeSingleton: contracts.safeSingleton,
      safeL2Singleton: contracts.safeL2Singleton,
      safeProxyFactory: contracts.safeProxyFactory,
      multiSendCallOnly: contracts.multiSendCallOnly,
      compatibilityFallbackHandler: contracts.compatibilityFallbackHandler,
    }).toEqual(CANONICAL_SAFE_V141);
    expect(contracts.multicall3).toBe(MULTICALL3_ADDRESS);
    for (const address of [contracts.safeSingleton, contracts.safeL2Singleton]) {
      expect(await client.readContract({ address, abi: safeAbi, functionName: 'VERSION' })).toBe('1.4.1');
    }
    // The deployed code is the published artifact's, byte for byte.
    expect(await client.getCode({ address: contracts.safeSingleton })).toBe(
      safeArtifact('safeSingleton').deployedBytecode,
    );
  });

  it('has a 6-decimal USDT that anyone can mint and transfer', async () => {
    const [a0, a1, a2] = devnet!.accounts;
    expect(await client.readContract({ address: usdt, abi: devnetAbi.usdt, functionName: 'decimals' })).toBe(
      6,
    );
    expect(await client.readContract({ address: usdt, abi: devnetAbi.usdt, functionName: 'symbol' })).toBe(
      'USDT',
    );
    expect(await client.readContract({ address: usdt, abi: devnetAbi.usdt, functionName: 'name' })).toBe(
      'Tether USD (devnet)',
    );

    await fundFromFaucet(devnet!, a1!.address, { usdt: '1000', eth: '1' });
    expect(await usdtBalance(a1!.address)).toBe(parseUnits('1000', 6));

    const wallet = createWalletClient({
      chain: hardhat,
      transport: http(devnet!.rpcUrl),
      account: privateKeyToAccount(a1!.privateKey),
    });
    const hash = await wallet.writeContract({
      address: usdt,
      abi: devnetAbi.usdt,
      functionName: 'transfer',
      args: [a2!.address, 250_000_000n],
    });
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('success');
    expect(await usdtBalance(a1!.address)).toBe(750_000_000n);
    expect(await usdtBalance(a2!.address)).toBe(250_000_000n);

    // Multicall3 at its canonical address batches reads (viem's multicall uses aggregate3).
    const [b1, b2] = await client.multicall({
      multicallAddress: MULTICALL3_ADDRESS,
      allowFailure: false,
      contracts: [
        { address: usdt, abi: devnetAbi.usdt, functionName: 'balanceOf', args: [a1!.address] },
        { address: usdt, abi: devnetAbi.usdt, functionName: 'balanceOf', args: [a2!.address] },
      ],
    });
    expect([b1, b2]).toEqual([750_000_000n, 250_000_000n]);
    expect(a0).toBeDefined();
  });

  it('does not journal failed requests; mines reverted transactions like a real node', async () => {
    const [a0, a1] = devnet!.accounts;
    const before = journalLines();
    const rich = createWalletClient({
      chain: hardhat,
      transport: http(devnet!.rpcUrl),
      account: a1!.address,
    });
    await expect(
      rich.sendTransaction({ to: a0!.address, value: parseEther('1000000'), gas: 21_000n }),
    ).rejects.toThrow();
    expect(journalLines()).toBe(before);

    // A transfer beyond the balance reverts on chain: mined with status 0 and journaled.
    const hash = await rich.writeContract({
      address: usdt,
      abi: devnetAbi.usdt,
      functionName: 'transfer',
      args: [a0!.address, 10n ** 30n],
      gas: 100_000n,
    });
    expect((await client.waitForTransactionReceipt({ hash })).status).toBe('reverted');
    expect(journalLines()).toBe(before + 1);
  });

  it('answers JSON-RPC batches in order and refuses requests a journal could not replay', async () => {
    const post = async (body: unknown) =>
      (await (await fetch(devnet!.rpcUrl, { method: 'POST', body: JSON.stringify(body) })).json()) as unknown;
    const before = journalLines();
    expect(
      await post([
        { jsonrpc: '2.0', id: 1, method: 'eth_chainId' },
        { jsonrpc: '2.0', id: 2, method: 'no_such_method' },
        { jsonrpc: '2.0', id: 3, method: 'hardhat_reset', params: [] },
      ]),
    ).toMatchObject([
      { id: 1, result: '0x7a69' },
      { id: 2, error: { code: -32004 } },
      { id: 3, error: { code: -32601 } },
    ]);
    expect(journalLines()).toBe(before);
  });

  it('creates a 2-of-3 Safe and executes a transaction with two owner signatures', async () => {
    const [a0, o1, o2, o3, recipient] = devnet!.accounts;
    const { contracts } = devnet!;
    const owners = [o1!.address, o2!.address, o3!.address];
    const initializer = encodeFunctionData({
      abi: safeAbi,
      functionName: 'setup',
      args: [
        owners,
        2n,
        zeroAddress,
        '0x',
        contracts.compatibilityFallbackHandler,
        zeroAddress,
        0n,
        zeroAddress,
      ],
    });
    const deployer = createWalletClient({
      chain: hardhat,
      transport: http(devnet!.rpcUrl),
      account: privateKeyToAccount(a0!.privateKey),
    });
    const { result, request } = await client.simulateContract({
      account: deployer.account,
      address: contracts.safeProxyFactory,
      abi: factoryAbi,
      functionName: 'createProxyWithNonce',
      args: [contracts.safeSingleton, initializer, 7n],
    });
    const created = await deployer.writeContract(request);
    expect((await client.waitForTransactionReceipt({ hash: created })).status).toBe('success');
    safe = result as Address;
    expect(await client.readContract({ address: safe, abi: safeAbi, functionName: 'getOwners' })).toEqual(
      owners,
    );
    expect(await client.readContract({ address: safe, abi: safeAbi, functionName: 'getThreshold' })).toBe(2n);

    // Fund the Safe, then move 40 USDT out of it with owners 1 and 3 signing (EIP-712 SafeTx).
    await fundFromFaucet(devnet!, safe, { usdt: '100' });
    const tx = {
      to: usdt,
      value: 0n,
      data: encodeFunctionData({
        abi: devnetAbi.usdt,
        functionName: 'transfer',
        args: [recipient!.address, 40_000_000n],
      }),
      operation: 0,
      safeTxGas: 0n,
      baseGas: 0n,
      gasPrice: 0n,
      gasToken: zeroAddress,
      refundReceiver: zeroAddress,
      nonce: 0n,
    };
    const signers = [o1!, o3!].sort((x, y) => (x.address.toLowerCase() < y.address.toLowerCase() ? -1 : 1));
    const signatures: Hex[] = [];
    for (const signer of signers) {
      signatures.push(
        await privateKeyToAccount(signer.privateKey).signTypedData({
          domain: { chainId: 31337, verifyingContract: safe },
          types: {
            SafeTx: [
              { name: 'to', type: 'address' },
              { name: 'value', type: 'uint256' },
              { name: 'data', type: 'bytes' },
              { name: 'operation', type: 'uint8' },
              { name: 'safeTxGas', type: 'uint256' },
              { name: 'baseGas', type: 'uint256' },
              { name: 'gasPrice', type: 'uint256' },
              { name: 'gasToken', type: 'address' },
              { name: 'refundReceiver', type: 'address' },
              { name: 'nonce', type: 'uint256' },
            ],
          },
          primaryType: 'SafeTx',
          message: tx,
        }),
      );
    }
    const executed = await deployer.writeContract({
      address: safe,
      abi: safeAbi,
      functionName: 'execTransaction',
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
        concat(signatures),
      ],
    });
    expect((await client.waitForTransactionReceipt({ hash: executed })).status).toBe('success');
    expect(await usdtBalance(safe)).toBe(60_000_000n);
    expect(await usdtBalance(recipient!.address)).toBe(40_000_000n);
    expect(await client.readContract({ address: safe, abi: safeAbi, functionName: 'nonce' })).toBe(1n);
  });

  it('survives a restart: replays the journal into the identical chain', async () => {
    const [a0, a1, a2, , recipient] = devnet!.accounts;
    await client.request({ method: 'evm_increaseTime' as never, params: [86_400] as never });
    await client.request({ method: 'evm_mine' as never, params: [] as never });
    const latest = await client.getBlock();
    const balances = await Promise.all([a1, a2, recipient].map((a) => usdtBalance(a!.address)));
    const nonce = await client.getTransactionCount({ address: a0!.address });
    const ethBalance = await client.getBalance({ address: a1!.address });
    await stop();

    const d = await start();
    expect(d.startInfo.replayed).toBeGreaterThan(10);
    expect(d.startInfo.diverged).toBe(0);
    const replayed = await client.getBlock({ blockNumber: latest.number });
    expect(replayed.hash).toBe(latest.hash);
    expect(replayed.timestamp).toBe(latest.timestamp);
    expect(await client.readContract({ address: safe, abi: safeAbi, functionName: 'getOwners' })).toEqual([
      a1!.address,
      a2!.address,
      devnet!.accounts[3]!.address,
    ]);
    expect(await client.readContract({ address: safe, abi: safeAbi, functionName: 'getThreshold' })).toBe(2n);
    expect(await usdtBalance(safe)).toBe(60_000_000n);
    expect(await Promise.all([a1, a2, recipient].map((a) => usdtBalance(a!.address)))).toEqual(balances);
    expect(await client.getTransactionCount({ address: a0!.address })).toBe(nonce);
    expect(await client.getBalance({ address: a1!.address })).toBe(ethBalance);
    expect(await isDevnetHealthy(d.rpcUrl, d.contracts)).toBe(true);

    // The clock keeps the day added before the restart.
    await fundFromFaucet(d, recipient!.address, { eth: '1' });
    const next = await client.getBlock();
    expect(next.timestamp).toBeGreaterThan(latest.timestamp);
  });

  it('keeps journaling after a replay (a third start sees the second run’s writes)', async () => {
    const [, , , , recipient] = devnet!.accounts;
    await fundFromFaucet(devnet!, recipient!.address, { usdt: '5' });
    const balance = await usdtBalance(recipient!.address);
    const latest = await client.getBlock();
    await stop();
    const d = await start();
    expect(d.startInfo.diverged).toBe(0);
    expect(await usdtBalance(recipient!.address)).toBe(balance);
    expect((await client.getBlock()).hash).toBe(latest.hash);
  });

  it('survives kill -9 of the node process', async () => {
    const [, , , , recipient] = devnet!.accounts;
    await fundFromFaucet(devnet!, recipient!.address, { usdt: '1' });
    const balance = await usdtBalance(recipient!.address);
    process.kill(devnet!.startInfo.pid, 'SIGKILL');
    await devnet!.stop();
    // The dead node's lock is taken over and its journal replays up to its last answer.
    const d = await start();
    expect(d.startInfo.diverged).toBe(0);
    expect(await usdtBalance(recipient!.address)).toBe(balance);
  });

  it('refuses a second node on the same data dir', async () => {
    await expect(startEvmDevnet({ dataDir, port: 0 })).rejects.toThrow(/another devnet uses this data dir/);
    // The running one is unaffected.
    expect(await isDevnetHealthy(devnet!.rpcUrl, devnet!.contracts)).toBe(true);
  });

  it('reports an unhealthy devnet once it is stopped', async () => {
    const { rpcUrl, contracts } = devnet!;
    await stop();
    expect(await isDevnetHealthy(rpcUrl, contracts, 1_000)).toBe(false);
  });
});
