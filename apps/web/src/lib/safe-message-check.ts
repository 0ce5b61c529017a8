// Relative: unit tests run without the app's @/ alias.
import type { Hex } from 'viem';
import type { SafeMessageReviewReply } from '@keystead/contract/api/dapp';
import type { TypedDataRequest } from './wallet-connectors/types';
import { hashesAgree } from './hash-check';
import { messageHashOf } from './dapp-message';

const same = (a: unknown, b: string) => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/** The hash a Dapp checks, computed here from the message as the review shows it (null: unreadable). */
function dappHashOf(view: SafeMessageReviewReply): Hex | null {
  try {
    const typed = view.kind === 'typed' && view.typed_data ? JSON.parse(view.typed_data) : null;
    return messageHashOf({ typed, raw: view.raw, text: view.text });
  } catch {
    return null; // typed data that is not JSON: no hash, so no agreement
  }
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
