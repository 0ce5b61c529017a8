import { WalletError } from './wallet-connectors/types';

/**
 * A server-built Solana approval (unsigned wire transaction, base64) as the page reads it before
 * any key signs: the message bytes the signers sign, the required signers (the fee payer first)
 * and every account it names. No Node Buffer: this runs before the page loads Node's globals.
 */
export async function readApproval(wire: string) {
  const { VersionedTransaction } = await import('@solana/web3.js');
  try {
    const bytes = Uint8Array.from(atob(wire), (char) => char.charCodeAt(0));
    const transaction = VersionedTransaction.deserialize(bytes);
    const { message } = transaction;
    const keys = message.staticAccountKeys.map((key) => key.toBase58());
    const signers = keys.slice(0, message.header.numRequiredSignatures);
    return { transaction, message: message.serialize(), keys, signers, feePayer: signers[0] ?? null };
  } catch {
    throw new WalletError('transaction_mismatch', 'not a Solana transaction');
  }
}

export type ReadApproval = Awaited<ReturnType<typeof readApproval>>;

/** The approval with `signature` in `signer`'s slot, base64, as the browser wallet returns it. */
export function signedApproval(approval: ReadApproval, signer: string, signature: Uint8Array): string {
  const slot = approval.signers.indexOf(signer);
  if (slot < 0) throw new WalletError('signer_mismatch', `${signer} does not sign this transaction`);
  approval.transaction.signatures[slot] = signature;
  let binary = '';
  for (const byte of approval.transaction.serialize()) binary += String.fromCharCode(byte);
  return btoa(binary);
}
