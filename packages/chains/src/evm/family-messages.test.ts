// Safe messages (EIP-1271) on the devnet with the real Safe v1.4.1 contracts. The hash each owner
// signs is compared with the CompatibilityFallbackHandler's own getMessageHashForSafe, and the
// joined signatures are judged by the Safe itself: isValidSignature(bytes32, bytes) answers the
// EIP-1271 magic value through its fallback handler, or reverts.
import { safeArtifact } from '@keystead/devnet';
import {
  encodeAbiParameters,
  hashMessage,
  hashTypedData,
  parseAbi,
  toHex,
  type Abi,
  type Address,
  type Hex,
  type TypedDataDefinition,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FamilyError, type FamilyAdapter, type FamilyWallet, type StoredTransfer } from '../family';
import { familyAdapter } from '../family-table';
import type { SafeMessageRequest } from './safe-message';
import { startTestDevnet, type TestDevnet } from './test-devnet';

const handlerAbi = safeArtifact('compatibilityFallbackHandler').abi as Abi;
/** EIP-1271's current form only (the handler's ABI also has the legacy bytes overload). */
const eip1271 = parseAbi([
  'function isValidSignature(bytes32 _dataHash, bytes _signature) view returns (bytes4)',
]);

/** A Permit-like EIP-712 message, as a Dapp would send it with eth_signTypedData_v4. */
const permit: TypedDataDefinition = {
  domain: {
    name: 'Example Token',
    version: '1',
    chainId: 31337,
    verifyingContract: '0x000000000000000000000000000000000000dEaD',
  },
  types: {
    Permit: [
      { name: 'owner', type: 'address' },
      { name: 'spender', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'nonce', type: 'uint256' },
      { name: 'deadline', type: 'uint256' },
    ],
  },
  primaryType: 'Permit',
  message: {
    owner: '0x000000000000000000000000000000000000bEEF',
    spender: '0x00000000000000000000000000000000000d0e01',
    value: '1000000',
    nonce: '0',
    deadline: '1900000000',
  },
};

describe('Safe messages on the devnet', () => {
  let t: TestDevnet;
  let family: FamilyAdapter;
  let wallet: FamilyWallet;
  let owners: PrivateKeyAccount[];

  const stored = async (request: SafeMessageRequest): Promise<StoredTransfer> => {
    const intent = {
      outputs: [{ to: wallet.address, amount: 0n }],
      token: null,
      fee: { tier: 'standard' as const },
    };
    const state = await family.readTransferState(wallet, intent);
    const prepared = family.messages!.prepare(wallet, request, state);
    expect(prepared.sequence).toBeNull();
    expect(prepared.signingThreshold).toBe(2);
    return { ...prepared, inputs: [] };
  };
  const signBy = async (message: StoredTransfer, signers: PrivateKeyAccount[]) => {
    const verified = [];
    for (const owner of signers) {
      const typed = family.signingView(wallet, message).typed_data as never;
      const submission = { kind: 'eip712', signature: await owner.signTypedData(typed) };
      verified.push(...(await family.verifySubmission(wallet, message, submission)));
    }
    return verified;
  };
  /** The Safe's own answer to isValidSignature(bytes32, bytes), through its fallback handler. */
  const safeAnswers = (dataHash: Hex, signature: Hex) =>
    t.client
      .readContract({
        address: wallet.address as Address,
        abi: eip1271,
        functionName: 'isValidSignature',
        args: [dataHash, signature],
      })
      .catch(() => 'reverted');

  beforeAll(async () => {
    t = await startTestDevnet();
    family = familyAdapter(t.adapter)!;
    owners = [7, 8, 9].map((i) => t.accounts[i] as PrivateKeyAccount);
    const setup = await family.prepareSetup({
      keys: owners.map((o) => o.address),
      threshold: 2,
      nonce: 9_200_000_001n,
    });
    expect((await t.send(t.accounts[0]!, setup.onChain as { to: Hex; data: Hex })).status).toBe('success');
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

  it('a personal message: the hash signed is the handler’s, two owners make a signature the Safe accepts', async () => {
    const text = 'Sign in to Example\nNonce: 42';
    const message = await stored({ kind: 'personal', text, raw: null });
    expect(family.messages!.isMessage(message)).toBe(true);
    const handlerHash = await t.client.readContract({
      address: t.devnet.contracts.compatibilityFallbackHandler,
      abi: handlerAbi,
      functionName: 'getMessageHashForSafe',
      args: [wallet.address, encodeAbiParameters([{ type: 'bytes32' }], [hashMessage(text)])],
    });
    expect(message.payloadHash).toBe(handlerHash);
    const review = family.reviewView!(wallet, message).safe_message as Record<string, string>;
    expect(review).toMatchObject({ kind: 'personal', text, message_hash: hashMessage(text) });
    expect(review.safe_message_hash).toBe(handlerHash);

    const first = await signBy(message, [owners[0]!]);
    const one = family.messages!.signature(message, first) as Hex;
    expect(await safeAnswers(hashMessage(text), one)).toBe('reverted');
    expect(
      await family.currentThreshold(
        wallet,
        message,
        first.map((v) => v.signerKey),
      ),
    ).toBe(2);

    const both = [...first, ...(await signBy(message, [owners[2]!]))];
    const signature = family.messages!.signature(message, both) as Hex;
    expect((signature.length - 2) / 2).toBe(130);
    expect(await safeAnswers(hashMessage(text), signature)).toBe('0x1626ba7e');
  });

  it('raw bytes (personal_sign hex) and EIP-712 typed data hash as the Dapp computes them', async () => {
    const raw = toHex('hello from a Dapp');
    const personal = await stored({ kind: 'personal', text: null, raw });
    const typed = await stored({ kind: 'typed', typed_data: permit });
    for (const [message, hash] of [
      [personal, hashMessage({ raw })],
      [typed, hashTypedData(permit)],
    ] as const) {
      const signature = family.messages!.signature(message, await signBy(message, owners.slice(0, 2))) as Hex;
      expect(await safeAnswers(hash, signature)).toBe('0x1626ba7e');
    }
    // The same signature says nothing of another message.
    const signature = family.messages!.signature(personal, await signBy(personal, owners.slice(1))) as Hex;
    expect(await safeAnswers(hashTypedData(permit), signature)).toBe('reverted');
  });

  it('refuses what is not an owner’s signature of this message', async () => {
    const message = await stored({ kind: 'personal', text: 'only this', raw: null });
    // A stranger's signature verifies as ECDSA but is no owner's.
    const [stranger] = await signBy(message, [t.accounts[6] as PrivateKeyAccount]);
    await expect(family.currentThreshold(wallet, message, [stranger!.signerKey])).rejects.toMatchObject({
      code: 'SIGNATURE_SIGNER_NOT_MATCHED_ERROR',
    });
    // An owner's signature of another message recovers to someone else.
    const other = await stored({ kind: 'personal', text: 'something else', raw: null });
    const signature = await owners[0]!.signTypedData(family.signingView(wallet, other).typed_data as never);
    const [wrong] = await family.verifySubmission(wallet, message, { kind: 'eip712', signature });
    expect(wrong!.signerKey).not.toBe(owners[0]!.address);
    // Kinds the message path does not take, and an empty or malformed message.
    await expect(
      family.verifySubmission(wallet, message, { kind: 'eip1271', signature }),
    ).rejects.toBeInstanceOf(FamilyError);
    await expect(stored({ kind: 'personal', text: '', raw: null })).rejects.toMatchObject({
      code: 'PARAMS_INVALID_ERROR',
    });
    await expect(
      stored({ kind: 'typed', typed_data: { ...permit, primaryType: 'Missing' } as TypedDataDefinition }),
    ).rejects.toMatchObject({ code: 'PARAMS_INVALID_ERROR' });
    // A stored message whose hash does not match its request is refused before any check.
    await expect(
      family.verifySubmission(
        wallet,
        { ...message, payloadHash: other.payloadHash },
        { kind: 'eip712', signature },
      ),
    ).rejects.toMatchObject({ code: 'TASK_DATA_CHANGED_ERROR' });
  });
});
