// The EVM family's Dapp side on the devnet. ERC-20 approvals of a Safe: granted by Safe
// transactions the test builds with the Safe contract's own hash (not this package's), found from
// the Approval logs, read with allowance(), and cancelled through the family adapter the way the
// transfer lifecycle does it. A Dapp's calls: simulated from the Safe, built (one CALL, or a
// MultiSendCallOnly batch), signed, executed, and their effects read back from the token.
import { safeArtifact } from '@keystead/devnet';
import {
  encodeFunctionData,
  erc20Abi,
  getAddress,
  maxUint256,
  parseEther,
  zeroAddress,
  type Abi,
  type Address,
  type Hex,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FamilyAdapter, FamilyWallet, StoredTransfer } from '../family';
import { familyAdapter } from '../family-table';
import { SAFE_EXEC_OVERHEAD } from './family-calls';
import { startTestDevnet, type TestDevnet } from './test-devnet';
import { isUnlimitedAllowance } from './token-approvals';

const safeAbi = safeArtifact('safeSingleton').abi as Abi;

describe('token approvals of a Safe on the devnet', () => {
  let t: TestDevnet;
  let family: FamilyAdapter;
  let wallet: FamilyWallet;
  let usdt: Address;
  let owners: PrivateKeyAccount[];
  let funder: PrivateKeyAccount;
  const dex = getAddress('0x00000000000000000000000000000000000d0e01');
  const bridge = getAddress('0x00000000000000000000000000000000000b0e02');
  const held = () => ({
    lockedAmount: 0n,
    lockedByToken: new Map<string, bigint>(),
    highestSequence: null,
    lockedInputs: new Set<string>(),
    nextChangeIndex: 0,
  });

  /** A Safe transaction signed by two owners over the hash the Safe contract computes, then executed. */
  async function execFromSafe(to: Address, data: Hex) {
    const safe = wallet.address as Address;
    const nonce = (await t.client.readContract({
      address: safe,
      abi: safeAbi,
      functionName: 'nonce',
    })) as bigint;
    const fields = [to, 0n, data, 0, 0n, 0n, 0n, zeroAddress, zeroAddress] as const;
    const hash = (await t.client.readContract({
      address: safe,
      abi: safeAbi,
      functionName: 'getTransactionHash',
      args: [...fields, nonce],
    })) as Hex;
    // v 27/28 over the hash itself; the Safe wants signatures ordered by owner address.
    const signers = owners
      .slice(0, 2)
      .sort((a, b) => (a.address.toLowerCase() < b.address.toLowerCase() ? -1 : 1));
    const signatures = (await Promise.all(signers.map((o) => o.sign({ hash }))))
      .map((s) => s.slice(2))
      .join('');
    const exec = encodeFunctionData({
      abi: safeAbi,
      functionName: 'execTransaction',
      args: [...fields, `0x${signatures}`],
    });
    const sent = await t.send(funder, { to: safe, data: exec });
    expect(sent.status).toBe('success');
    return sent.hash;
  }

  /** Two owners sign the stored payload; verified, prepared, sent by a broadcaster and followed. */
  async function execute(stored: StoredTransfer): Promise<void> {
    const signatures = [];
    for (const owner of owners.slice(1)) {
      const typed = family.signingView(wallet, stored).typed_data as never;
      const submission = { kind: 'eip712', signature: await owner.signTypedData(typed) };
      signatures.push(...(await family.verifySubmission(wallet, stored, submission)));
    }
    const broadcaster = t.accounts[8] as PrivateKeyAccount;
    const input = { from: broadcaster.address, fee: { tier: 'standard' as const }, previousRaw: null };
    const unsigned = await family.prepareExecution!(wallet, stored, signatures, input);
    const raw = await broadcaster.signTransaction({
      type: 'eip1559',
      chainId: unsigned.chainId,
      to: unsigned.to as Hex,
      data: unsigned.data as Hex,
      value: unsigned.value,
      nonce: unsigned.nonce,
      gas: unsigned.gas,
      maxFeePerGas: unsigned.maxFeePerGas,
      maxPriorityFeePerGas: unsigned.maxPriorityFeePerGas,
    });
    expect(await family.relay(raw)).toBe('sent');
    const { hash } = await family.checkSignedExecution!(wallet, stored, signatures, raw);
    await t.client.waitForTransactionReceipt({ hash: hash as Hex, pollingInterval: 50 });
    expect(await family.follow(hash, stored)).toMatchObject({ state: 'executed' });
  }

  beforeAll(async () => {
    t = await startTestDevnet();
    family = familyAdapter(t.adapter)!;
    usdt = t.devnet.contracts.usdt;
    funder = t.accounts[0] as PrivateKeyAccount;
    owners = [1, 2, 3].map((i) => t.accounts[i] as PrivateKeyAccount);
    const setup = await family.prepareSetup({
      keys: owners.map((o) => o.address),
      threshold: 2,
      nonce: 9_100_000_001n,
    });
    expect((await t.send(funder, setup.onChain as { to: Hex; data: Hex })).status).toBe('success');
    wallet = {
      address: setup.address,
      threshold: 2,
      keys: setup.keys,
      nextReceiveIndex: 0,
      nextChangeIndex: 0,
    };
  });
  afterAll(async () => {
    await t?.stop();
  });

  it('finds the approvals a Safe granted and reads each allowance now', async () => {
    const from = await t.adapter.getBlockNumber();
    // approve(spender, amount) encoded with viem's own ERC-20 ABI (not this package's).
    const approve = (spender: Address, amount: bigint) =>
      encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] });
    const first = await execFromSafe(usdt, approve(dex, 5_000_000n));
    await execFromSafe(usdt, approve(bridge, maxUint256));
    // Another account's approval of the same spender is not the Safe's.
    await t.send(funder, { to: usdt, data: approve(dex, 1n) });
    const to = await t.adapter.getBlockNumber();

    const seen = await family.tokenApprovals!.approvalsBy([wallet], from, to);
    expect(seen.map((a) => [a.wallet, a.token, a.spender])).toEqual([
      [wallet.address, usdt, dex],
      [wallet.address, usdt, bridge],
    ]);
    expect(seen[0]!.txHash).toBe(first);
    const refs = seen.map((a) => ({ owner: a.wallet, token: a.token, spender: a.spender }));
    const allowances = await family.tokenApprovals!.allowances([
      ...refs,
      { owner: wallet.address, token: t.devnet.contracts.multicall3, spender: dex },
    ]);
    expect(allowances).toEqual([5_000_000n, maxUint256, null]);
    expect(isUnlimitedAllowance(allowances[1]!)).toBe(true);
  });

  it('cancels one with approve(spender, 0) built, signed, verified and executed like a transfer', async () => {
    const ref = { token: usdt, spender: dex };
    const cancel = family.tokenApprovals!.approveCall(ref, 0n);
    const gas = await family.contractCalls!.gas(wallet, [cancel]);
    expect(gas).toBeGreaterThan(SAFE_EXEC_OVERHEAD);
    expect(gas).toBeLessThan(SAFE_EXEC_OVERHEAD + 60_000n);

    const intent = { outputs: [{ to: usdt, amount: 0n }], token: null, fee: { tier: 'standard' as const } };
    const state = await family.readTransferState(wallet, intent);
    const built = family.contractCalls!.build(wallet, [cancel], state, held());
    const stored = built;
    expect(family.reviewView!(wallet, stored)).toMatchObject({
      safe_tx: { kind: 'erc20_approve', token_contract: usdt, recipient: dex, amount_raw: '0' },
    });
    // The hash the Safe contract computes for the stored transaction is the one stored.
    const tx = JSON.parse(built.payload) as Record<string, string | number>;
    const contractHash = await t.client.readContract({
      address: wallet.address as Address,
      abi: safeAbi,
      functionName: 'getTransactionHash',
      args: [
        tx.to,
        BigInt(tx.value!),
        tx.data,
        Number(tx.operation),
        0n,
        0n,
        0n,
        zeroAddress,
        zeroAddress,
        BigInt(tx.nonce!),
      ],
    });
    expect(contractHash).toBe(built.payloadHash);

    await execute(stored);

    const now = await t.client.readContract({
      address: usdt,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [wallet.address as Address, dex],
    });
    expect(now).toBe(0n);
    const [bridgeLeft] = await family.tokenApprovals!.allowances([
      { owner: wallet.address, token: usdt, spender: bridge },
    ]);
    expect(bridgeLeft).toBe(maxUint256);
  });

  it("runs a Dapp's calls: simulated from the Safe, one CALL with value, then a MultiSend batch", async () => {
    const calls = family.contractCalls!;
    const receiver = getAddress('0x00000000000000000000000000000000000c0e03');
    expect(await calls.isContract(usdt)).toBe(true);
    expect(await calls.isContract(receiver)).toBe(false);
    await t.send(funder, { to: wallet.address as Address, value: parseEther('2') });
    const mint = encodeFunctionData({
      abi: devnetMintAbi,
      functionName: 'mint',
      args: [wallet.address as Address, 900n],
    });
    await t.send(funder, { to: usdt, data: mint });
    const pay = (amount: bigint) =>
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [receiver, amount] });
    // Run alone from the Safe: a payment it can make passes, one above its balance reverts with the token's reason.
    expect(await calls.simulate(wallet, [{ to: usdt, value: 0n, data: pay(100n) }])).toEqual([null]);
    const [tooMuch] = await calls.simulate(wallet, [{ to: usdt, value: 0n, data: pay(10_000n) }]);
    expect(tooMuch).toMatch(/insufficient balance/);

    const intent = { outputs: [{ to: usdt, amount: 0n }], token: null, fee: { tier: 'standard' as const } };
    const one = [{ to: receiver, value: parseEther('0.5'), data: '0x' }];
    const single = calls.build(wallet, one, await family.readTransferState(wallet, intent), held());
    expect(single.amount).toBe(parseEther('0.5'));
    expect(family.reviewView!(wallet, single)).toMatchObject({
      safe_tx: { kind: 'native', operation: 'CALL' },
    });
    await execute(single);
    expect(await t.client.getBalance({ address: receiver })).toBe(parseEther('0.5'));

    const batch = [
      { to: usdt, value: 0n, data: pay(300n) },
      {
        to: usdt,
        value: 0n,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [receiver, 77n] }),
      },
    ];
    const both = calls.build(wallet, batch, await family.readTransferState(wallet, intent), held());
    expect(family.reviewView!(wallet, both)).toMatchObject({
      safe_tx: {
        kind: 'multi_send',
        operation: 'DELEGATECALL',
        calls: [{ kind: 'erc20_transfer' }, { kind: 'erc20_approve', recipient: receiver, amount_raw: '77' }],
      },
    });
    await execute(both);
    const read = (functionName: 'balanceOf' | 'allowance', args: readonly Address[]) =>
      t.client.readContract({ address: usdt, abi: erc20Abi, functionName, args } as never);
    expect(await read('balanceOf', [receiver])).toBe(300n);
    expect(await read('allowance', [wallet.address as Address, receiver])).toBe(77n);
    // More value than the Safe holds is refused before anything is built.
    const greedy = [{ to: receiver, value: parseEther('100'), data: '0x' }];
    const refused = (() => {
      try {
        calls.build(wallet, greedy, { safe: { nonce: 0n, threshold: 2 }, onChain: new Map() }, held());
      } catch (error) {
        return (error as { code?: string }).code;
      }
    })();
    expect(refused).toBe('TRANSFER_BALANCE_INSUFFICIENT_ERROR');
  });
});

/** The devnet token's public mint (the devnet faucet's), which viem's ERC-20 ABI does not have. */
const devnetMintAbi = [
  {
    type: 'function',
    name: 'mint',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'to', type: 'address' },
      { name: 'amount', type: 'uint256' },
    ],
    outputs: [],
  },
] as const;
