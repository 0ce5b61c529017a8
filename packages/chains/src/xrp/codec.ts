import { decode, encode, encodeForMultisigning, encodeForSigning } from 'ripple-binary-codec';
import { hashes } from 'xrpl';
import { accountIdHex } from './address';
import { signedBy } from './adapter';

/** An XRPL transaction in its JSON form (the codec's field names). */
export type XrpTx = Record<string, unknown> & { TransactionType: string; Account: string };

/** One multisignature as the ledger stores it in `Signers`. */
export interface XrpSigner {
  Signer: { Account: string; SigningPubKey: string; TxnSignature: string };
}

/** The bytes a signer of a multisigned transaction signs: its fields and the signer's account id. */
export const multisignBytes = (tx: XrpTx, account: string): string =>
  encodeForMultisigning({ ...tx, SigningPubKey: '' } as never, account);

/** Whether this entry is a valid signature of the transaction by its account's key. */
export const validSigner = (tx: XrpTx, entry: XrpSigner): boolean =>
  signedBy(
    entry.Signer.Account,
    multisignBytes(tx, entry.Signer.Account),
    entry.Signer.SigningPubKey,
    entry.Signer.TxnSignature,
  );

/** The ledger wants Signers in ascending order of their 20-byte account ids. */
export const sortedSigners = (signers: XrpSigner[]): XrpSigner[] =>
  [...signers].sort((a, b) => accountIdHex(a.Signer.Account).localeCompare(accountIdHex(b.Signer.Account)));

/** The multisigned transaction's binary blob (what `submit` takes). */
export const multisignedBlob = (tx: XrpTx, signers: XrpSigner[]): string =>
  encode({ ...tx, SigningPubKey: '', Signers: sortedSigners(signers) } as never);

/** The transaction id: SHA-512Half of the signed blob with the TXN prefix. */
export const txHashOf = (blob: string): string => hashes.hashSignedTx(blob);

/** The signed blob in what a signer's tool returned: hex (0x or not), or xrpl.js's {tx_blob, hash}. */
export function blobOf(raw: string): string {
  const text = raw.trim();
  if (text.startsWith('{')) {
    try {
      const blob = (JSON.parse(text) as { tx_blob?: unknown }).tx_blob;
      return typeof blob === 'string' ? blob : '';
    } catch {
      return '';
    }
  }
  return text.replace(/^0x/i, '');
}

/** A blob as JSON, or null when it is not one. */
export function decodeBlob(blob: string): XrpTx | null {
  if (!/^[0-9a-fA-F]+$/.test(blob) || blob.length % 2) return null;
  try {
    return decode(blob) as XrpTx;
  } catch {
    return null;
  }
}

/** A single-signed blob's signer when its signature is valid for the account's master key, else null. */
export function singleSigner(tx: XrpTx): string | null {
  const { TxnSignature, SigningPubKey, ...unsigned } = tx as XrpTx & {
    TxnSignature?: string;
    SigningPubKey?: string;
  };
  if (typeof TxnSignature !== 'string' || typeof SigningPubKey !== 'string') return null;
  const bytes = encodeForSigning({ ...unsigned, SigningPubKey } as never);
  return signedBy(tx.Account, bytes, SigningPubKey, TxnSignature) ? tx.Account : null;
}

/** The fields a signer's tool may add or change (its key and signature); the rest must be ours. */
export function sameTransaction(a: XrpTx, b: XrpTx): boolean {
  const strip = (tx: XrpTx) => {
    const { SigningPubKey: _k, TxnSignature: _s, Signers: _m, ...rest } = tx;
    return encode(rest as never);
  };
  try {
    return strip(a) === strip(b);
  } catch {
    return false;
  }
}
