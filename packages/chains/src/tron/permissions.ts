import { tronBase58 } from './address';
import type { PermissionSpec } from './transaction';

/** Tron's rule: a permission holds at most 5 keys (java-tron's totalSignNum). */
export const MAX_PERMISSION_KEYS = 5;
/** The first active permission's id: the wallet's transfers sign with it. */
export const ACTIVE_PERMISSION_ID = 2;
/** Contract types the wallet's active permission allows: TransferContract (1), TriggerSmartContract (31). */
export const ACTIVE_OPERATIONS = [1, 31] as const;

/** The 32-byte operations bitmap allowing these contract types (bit n of byte n/8). */
export function operationsBitmap(types: readonly number[]): string {
  const bytes = new Uint8Array(32);
  for (const type of types) bytes[Math.floor(type / 8)]! |= 1 << (type % 8);
  return Buffer.from(bytes).toString('hex');
}

export interface WeightedKey {
  address: string;
  weight: number;
}

/** Owner and active permissions handed to the signers: the first key alone no longer signs. */
export function walletPermissions(
  keys: WeightedKey[],
  threshold: number,
): { owner: PermissionSpec; active: PermissionSpec } {
  return {
    owner: { type: 0, permission_name: 'owner', threshold, keys },
    active: {
      type: 2,
      permission_name: 'active',
      threshold,
      operations: operationsBitmap(ACTIVE_OPERATIONS),
      keys,
    },
  };
}

/** A permission as getaccount prints it (visible=true). */
export interface ChainPermission {
  id?: number;
  threshold: number;
  operations?: string;
  keys: WeightedKey[];
}

/** Key weights of a permission, by base58 address. */
export function weightsOf(permission: ChainPermission | undefined): Map<string, number> {
  return new Map((permission?.keys ?? []).map((k) => [tronBase58(k.address), Number(k.weight)]));
}

/** Whether the chain's permission is exactly these keys, weights and threshold. */
export function samePermission(
  permission: ChainPermission | undefined,
  keys: WeightedKey[],
  threshold: number,
): boolean {
  if (!permission || Number(permission.threshold) !== threshold) return false;
  const onChain = weightsOf(permission);
  return onChain.size === keys.length && keys.every((k) => onChain.get(tronBase58(k.address)) === k.weight);
}
