import { ed25519 } from '@noble/curves/ed25519';
import type { Keypair } from '@solana/web3.js';
import type { ApiSession } from './api-session';

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';

/** Base58 (Bitcoin alphabet), as Solana wallets give a signature. */
export function base58(bytes: Uint8Array): string {
  let value = bytes.length ? BigInt(`0x${Buffer.from(bytes).toString('hex')}`) : 0n;
  let text = '';
  while (value > 0n) {
    text = ALPHABET[Number(value % 58n)] + text;
    value /= 58n;
  }
  for (const byte of bytes) {
    if (byte !== 0) break;
    text = `1${text}`;
  }
  return text;
}

/** signMessage as Phantom does it: ed25519 over the UTF-8 bytes, the signature in base58. */
export const signSolanaMessage = (key: Keypair, message: string) =>
  base58(ed25519.sign(new TextEncoder().encode(message), key.secretKey.slice(0, 32)));

/**
 * Adds a Solana signer address and verifies it through the API (the challenge signed here with
 * the TEST key, as the browser wallet would); the signer address's id.
 */
export async function verifySolanaSignerByApi(
  session: ApiSession,
  key: Keypair,
  name: string,
): Promise<number> {
  const added = await session.call<{ id: number }>('POST', '/api/v1/permission-address', {
    name,
    address: key.publicKey.toBase58(),
    family: 'SOL',
  });
  const challenge = await session.call<{ challenge_id: number; message: string }>(
    'GET',
    `/api/v1/permission-address/challenge?id=${added.id}`,
  );
  await session.call('POST', '/api/v1/permission-address/verify', {
    id: added.id,
    challenge_id: challenge.challenge_id,
    signature: signSolanaMessage(key, challenge.message),
  });
  return added.id;
}

/**
 * A Squads multisig wallet on the local VM's Solana Devnet through the API (as the wizard makes
 * it): the space's first Solana wallet makes the space's fee payer. Status 4 (awaiting creation
 * on chain); nothing is sent.
 */
export async function createSolanaMultisigByApi(
  admin: ApiSession,
  wallet: { name: string; signers: number[]; threshold: number },
): Promise<{ walletId: number; vault: string; feePayer: string }> {
  const me = await admin.call<{ user_id: number }>('GET', '/api/v1/user/base-info');
  const created = await admin.call<{ wallet_id: number; status: number; address: string }>(
    'POST',
    '/api/v1/wallets/multi',
    {
      name: wallet.name,
      chain_key: 'sol-devnet',
      signers: wallet.signers,
      threshold: wallet.threshold,
      operators: [me.user_id],
      approvers: [me.user_id],
      approval_threshold: 1,
    },
  );
  const info = await admin.call<{ squads: { fee_payer: string } | null }>(
    'GET',
    `/api/v1/wallets/base-info?wallet_id=${created.wallet_id}`,
  );
  if (!info.squads) throw new Error(`wallet ${created.wallet_id} has no Squads keys`);
  return { walletId: created.wallet_id, vault: created.address, feePayer: info.squads.fee_payer };
}

/**
 * An ordinary Solana account imported as a single-signature wallet (its key signs the challenge
 * here): a wallet of the space that makes no fee payer.
 */
export async function importSolanaAccountByApi(
  admin: ApiSession,
  key: Keypair,
  name: string,
): Promise<number> {
  const imported = await admin.call<{ wallet_id: number; challenge_id: number; message: string }>(
    'POST',
    '/api/v1/wallets/single',
    { name, chain_key: 'sol-devnet', address: key.publicKey.toBase58() },
  );
  await admin.call('POST', '/api/v1/wallets/verify', {
    wallet_id: imported.wallet_id,
    challenge_id: imported.challenge_id,
    signature: signSolanaMessage(key, imported.message),
  });
  return imported.wallet_id;
}
