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
  const added = await person.client.post<{ id: number }>('/api/v1/permission-address', {
    name,
    address: account.address,
    family: 'EVM',
  });
  expect(added.code).toBe('OK');
  const challenge = await person.client.get<{ challenge_id: number; message: string }>(
    '/api/v1/permission-address/challenge',
    { id: added.data.id },
  );
  const signature = await account.signMessage({ message: challenge.data.message });
  const verified = await person.client.post('/api/v1/permission-address/verify', {
    id: added.data.id,
    challenge_id: challenge.data.challenge_id,
    signature,
  });
  expect(verified.code).toBe('OK');
  return { id: added.data.id, address: account.address };
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
