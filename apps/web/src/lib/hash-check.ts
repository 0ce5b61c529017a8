// Relative: unit tests run without the app's @/ alias.
import { typedDataHashes } from './wallet-connectors/typed-data-hashes';
import type { TypedDataRequest } from './wallet-connectors/types';

const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** The hashes the review shows (the server's decoding of the Safe transaction). */
export interface ShownHashes {
  safe_tx_hash: string;
  domain_hash: string;
  message_hash: string;
}

/**
 * Whether the hashes a device will show, computed here from the typed data that will be signed,
 * are the ones the review shows. If not, the signer would compare the device's screen with values
 * that are not what it signs, so the page withholds signing.
 */
export function hashesAgree(data: TypedDataRequest, shown: ShownHashes): boolean {
  try {
    const hashes = typedDataHashes(data);
    return (
      same(hashes.digest, shown.safe_tx_hash) &&
      same(hashes.domain, shown.domain_hash) &&
      same(hashes.message, shown.message_hash)
    );
  } catch {
    return false; // typed data that cannot be hashed cannot be compared either
  }
}
