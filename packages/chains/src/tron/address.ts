import { utils } from 'tronweb';

/** A Tron address in base58check (T…), the spelling users and explorers show. */
export function isTronAddress(address: string): boolean {
  return (
    typeof address === 'string' &&
    /^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(address) &&
    utils.crypto.isAddressValid(address)
  );
}

/** 41-prefixed hex, the spelling inside transactions (the HTTP API's visible=false). */
export function tronHex(address: string): string {
  if (/^41[0-9a-fA-F]{40}$/.test(address)) return address.toLowerCase();
  if (!isTronAddress(address)) throw new Error(`not a Tron address: ${address}`);
  return utils.address.toHex(address).toLowerCase();
}

/** base58check from either spelling. */
export function tronBase58(address: string): string {
  if (isTronAddress(address)) return address;
  if (/^41[0-9a-fA-F]{40}$/.test(address)) return utils.address.fromHex(address);
  throw new Error(`not a Tron address: ${address}`);
}

/** The 20-byte EVM-style word of an address (ABI arguments of TRC20 calls). */
export function tronEvmWord(address: string): `0x${string}` {
  return `0x${tronHex(address).slice(2)}`;
}
