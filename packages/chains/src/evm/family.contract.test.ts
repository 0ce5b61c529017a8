// The family adapter contract on a Safe v1.4.1 2-of-3 wallet. The suite turns automine off,
// snapshots before each block and reverts one to reorg: that would disturb every other file on
// the shared devnet, so this file starts its own Hardhat node (test-devnet.ts).
import { parseEther, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import { expect } from 'vitest';
import type { StoredTransfer } from '../family';
import { describeFamilyContract, type FamilyContractHarness } from '../family-contract';
import { familyAdapter } from '../family-table';
import { startTestDevnet } from './test-devnet';

async function startEvmHarness(): Promise<FamilyContractHarness> {
  const t = await startTestDevnet();
  const rpc = async (method: string, params: unknown[] = []): Promise<unknown> => {
    const response = await fetch(t.devnet.rpcUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
    });
    const body = (await response.json()) as { result?: unknown; error?: { message: string } };
    if (body.error) throw new Error(`${method}: ${body.error.message}`);
    return body.result;
  };
  const account = (i: number) => t.accounts[i] as PrivateKeyAccount;
  const [funder, nonSigner, broadcaster] = [account(0), account(7), account(8)];
  const owners = [account(1), account(2), account(3)];
  const params = { owners: owners.map((o) => o.address), threshold: 2, saltNonce: 7_000_000_011n };
  const adapter = familyAdapter(t.adapter)!;
  // Deployed the way the server sets a wallet up: the family's setup call.
  const setup = await adapter.prepareSetup({ keys: params.owners, threshold: 2, nonce: params.saltNonce });
  const deployment = setup.onChain as { to: Hex; data: Hex };
  expect((await t.send(funder, deployment)).status).toBe('success');
  const safe = setup.address as Hex;
  await t.send(funder, { to: safe, value: parseEther('10') });
  const wallet = {
    address: safe,
    threshold: 2,
    keys: setup.keys,
    nextReceiveIndex: 0,
    nextChangeIndex: 0,
  };
  // From here on blocks are mined by the suite only: a relayed transaction waits in the pool.
  await rpc('evm_setAutomine', [false]);
  /** The snapshot taken just before each block the suite mined, by block number. */
  const before = new Map<bigint, string>();
  const signWith = async (signer: PrivateKeyAccount, stored: StoredTransfer) => ({
    kind: 'eip712',
    signature: await signer.signTypedData(adapter.signingView(wallet, stored).typed_data as never),
  });

  return {
    adapter,
    wallet,
    signerKeys: params.owners,
    setup: {
      signers: params.owners.map((owner) => ({
        family: 'EVM',
        chainKey: '',
        address: owner.toLowerCase(),
        fingerprint: null,
        derivationPath: null,
      })),
      nonce: params.saltNonce,
      foreign: {
        family: 'BTC',
        chainKey: 'ltc-regtest',
        address: 'tpub…',
        fingerprint: '00000000',
        derivationPath: "m/48'",
      },
    },
    amount: parseEther('0.25'),
    fee: { tier: 'standard' },
    newRecipient: async () => privateKeyToAccount(generatePrivateKey()).address,
    sign: (index, stored) => signWith(owners[index]!, stored),
    signAsNonSigner: (stored) => signWith(nonSigner, stored),
    // An owner's signature of the other transfer's Safe transaction hash.
    signOtherBytes: (index, _stored, other) => signWith(owners[index]!, other),
    forge: (submission) => {
      // The last bit of s: still a well-formed low-s signature, of no key the wallet knows.
      const sig = submission.signature!;
      const at = 2 + 64 + 63;
      const flipped = (parseInt(sig[at]!, 16) ^ 1).toString(16);
      return { ...submission, signature: `${sig.slice(0, at)}${flipped}${sig.slice(at + 1)}` };
    },
    broadcaster: {
      address: broadcaster.address,
      signExecution: (u) =>
        broadcaster.signTransaction({
          type: 'eip1559',
          chainId: u.chainId,
          to: u.to as Hex,
          data: u.data as Hex,
          value: u.value,
          nonce: u.nonce,
          gas: u.gas,
          maxFeePerGas: u.maxFeePerGas,
          maxPriorityFeePerGas: u.maxPriorityFeePerGas,
        }),
    },
    async mine() {
      const snapshot = (await rpc('evm_snapshot')) as string;
      await rpc('evm_mine');
      before.set(await t.client.getBlockNumber({ cacheTime: 0 }), snapshot);
    },
    async reorg(txHash) {
      const receipt = await t.client.getTransactionReceipt({ hash: txHash as Hex });
      const snapshot = before.get(receipt.blockNumber);
      if (!snapshot) throw new Error(`block ${receipt.blockNumber} was not mined by the suite`);
      expect(await rpc('evm_revert', [snapshot])).toBe(true);
    },
    // Ecrecover names some address for any bytes over any hash: a forged signature, one over
    // other bytes and a non-owner's all name an address that is not an owner.
    codes: {
      forged: 'SIGNATURE_SIGNER_NOT_MATCHED_ERROR',
      otherBytes: 'SIGNATURE_SIGNER_NOT_MATCHED_ERROR',
      nonSigner: 'SIGNATURE_SIGNER_NOT_MATCHED_ERROR',
      // Safe's own check (GS020) when the execution is simulated.
      belowThreshold: 'BROADCAST_REJECTED_ERROR',
    },
    stop: () => t.stop(),
  };
}

describeFamilyContract('EVM (Safe v1.4.1) on the Hardhat devnet', startEvmHarness);
