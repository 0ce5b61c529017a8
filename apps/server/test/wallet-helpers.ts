import { createWalletClient, http, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { hardhat } from 'viem/chains';
import { expect, inject } from 'vitest';
import { hardhatAccounts } from '@keystead/devnet';
import type { Person } from './space-helpers';

/** Well-known devnet test keys; index 0 is the faucet's, so signers start at 1. */
export function devnetKey(index: number): Hex {
  return hardhatAccounts(10)[index]!.privateKey as Hex;
}

/** Adds and verifies a signer address for `person` by signing the server's challenge. */
export async function verifiedSigner(
  person: Person,
  privateKey: Hex,
  name = 'Signer',
): Promise<{ id: number; address: string }> {
  const account = privateKeyToAccount(privateKey);
  return verifiedAddress(person, {
    family: 'EVM',
    address: account.address,
    name,
    sign: (message) => account.signMessage({ message }),
  });
}

/**
 * Adds a one-address signer key of a family (EVM, TRX, XRP) and verifies it with `sign` of the
 * challenge; `wrongSign` first proves another key's signature is refused.
 */
export async function verifiedAddress(
  person: Person,
  key: {
    family: 'EVM' | 'TRX' | 'XRP' | 'SOL';
    address: string;
    name: string;
    sign: (message: string) => string | Promise<string>;
    wrongSign?: (message: string) => string | Promise<string>;
  },
): Promise<{ id: number; address: string }> {
  const added = await person.client.post<{ id: number }>('/api/v1/permission-address', {
    name: key.name,
    address: key.address,
    family: key.family,
  });
  expect(added.code).toBe('OK');
  const challenge = await person.client.get<{ challenge_id: number; message: string }>(
    '/api/v1/permission-address/challenge',
    { id: added.data.id },
  );
  const verify = async (sign: (message: string) => string | Promise<string>) =>
    person.client.post('/api/v1/permission-address/verify', {
      id: added.data.id,
      challenge_id: challenge.data.challenge_id,
      signature: await sign(challenge.data.message),
    });
  if (key.wrongSign) expect((await verify(key.wrongSign)).code).toBe('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
  expect((await verify(key.sign)).code).toBe('OK');
  return { id: added.data.id, address: key.address };
}

/** Sends a transaction from a devnet test key (a signer's browser wallet stand-in). */
export async function sendFrom(privateKey: Hex, tx: { to: string; data: string }): Promise<Hex> {
  const devnet = inject('devnet')!;
  const wallet = createWalletClient({
    chain: hardhat,
    transport: http(devnet.rpcUrl),
    account: privateKeyToAccount(privateKey),
  });
  return wallet.sendTransaction({ to: tx.to as Hex, data: tx.data as Hex });
}
