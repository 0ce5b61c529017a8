import { chainByKey } from '@keystead/chains';

/** Where a signer key lives: typed by its holder when it was added (BTC keys: `source`). */
export const SIGNER_DEVICES = ['software', 'ledger', 'trezor', 'onekey', 'qr'] as const;
export type SignerDevice = (typeof SIGNER_DEVICES)[number];

/** A Bitcoin-family key's `source` column: the device, or 'xpub' for a key held in software. */
export const keySource = (device: SignerDevice) => (device === 'software' ? 'xpub' : device);

/**
 * §5: an LTC or BCH multisig cannot mix Ledger signers with Trezor or OneKey signers — their
 * firmware builds these chains' multisig inputs differently, so one side could not sign.
 */
export function mixesHardware(chainKey: string, sources: string[]): boolean {
  const symbol = chainByKey(chainKey)?.nativeSymbol;
  if (symbol !== 'LTC' && symbol !== 'BCH') return false;
  return sources.includes('ledger') && (sources.includes('trezor') || sources.includes('onekey'));
}
