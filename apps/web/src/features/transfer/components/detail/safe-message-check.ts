// Relative: unit tests run without the app's @/ alias.
import { hashMessage, hashTypedData, isHex, type Hex, type TypedDataDefinition } from 'viem';
import type { SafeMessageReviewReply } from '@keystead/contract/api/dapp';
import type { TypedDataRequest } from '../../../../lib/wallet-connectors/types';
import { hashesAgree } from './hash-check';

const same = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/** The hash a Dapp checks, computed here from the message as the review shows it (null: unreadable). */
export function dappHashOf(view: SafeMessageReviewReply): Hex | null {
  try {
    if (view.kind === 'typed' && view.typed_data)
      return hashTypedData(JSON.parse(view.typed_data) as TypedDataDefinition);
    if (view.raw && isHex(view.raw)) return hashMessage({ raw: view.raw });
    if (view.text) return hashMessage(view.text);
  } catch {
    // unreadable: no hash, so no agreement
  }
  return null;
}

/**
 * Whether the typed data the signer's device will sign is the SafeMessage of the message the
 * review shows: its hashes are the ones shown, it is for the Safe shown, and the 32 bytes it
 * carries are the hash of the message shown — else a harmless text could front another message.
 */
export function messageHashesAgree(data: TypedDataRequest, view: SafeMessageReviewReply): boolean {
  const shown = {
    safe_tx_hash: view.safe_message_hash,
    domain_hash: view.domain_hash,
    message_hash: view.struct_hash,
  };
  const dappHash = dappHashOf(view);
  return (
    data.primaryType === 'SafeMessage' &&
    hashesAgree(data, shown) &&
    same(data.domain.verifyingContract, view.safe_address) &&
    dappHash !== null &&
    same(dappHash, view.message_hash) &&
    same(data.message.message, view.message_hash)
  );
}
