import { withChecksum } from './descriptor-checksum';
import type { BitcoinNetwork } from './networks';
import { recoveryMiniscript } from './recovery-miniscript';
import {
  deriveAddress,
  validateWallet,
  type Branch,
  type KeyDerivation,
  type MultisigWallet,
  type RecoveryPath,
} from './wallet';

export {
  MAX_RECOVERY_BLOCKS,
  recoveryMiniscript,
  recoveryWitnessScript,
  validateRecoveryBlocks,
} from './recovery-miniscript';

/** A multisig wallet that has the timelocked emergency-recovery path (see RecoveryPath). */
export type RecoveryWallet = MultisigWallet & { recovery: RecoveryPath };

export interface RecoveryKeyDerivation {
  fingerprint: string;
  path: string;
  pubkey: Uint8Array;
}

export interface RecoveryAddress {
  address: string;
  branch: Branch;
  index: number;
  scriptPubKey: Uint8Array;
  witnessScript: Uint8Array;
  /** The miniscript with the keys written as hex (what the satisfier is given). */
  miniscript: string;
  /** `wsh(or_d(…))` with key origins and checksum, for this one address. */
  descriptor: string;
  /** Signer keys in script order (sorted, as sortedmulti does). */
  signers: KeyDerivation[];
  recovery: RecoveryKeyDerivation;
}

/** Checks the multisig part, the timelock and that all n + 1 keys differ; P2WSH chains only. */
export function validateRecoveryWallet(wallet: RecoveryWallet): BitcoinNetwork {
  return validateWallet(wallet);
}

/** The wallet's address at branch/index, with its miniscript and one-address descriptor. */
export function deriveRecoveryAddress(
  wallet: RecoveryWallet,
  branch: Branch,
  index: number,
): RecoveryAddress {
  const derived = deriveAddress(wallet, branch, index);
  const recovery = derived.recovery!;
  const signers = derived.derivations;
  const pubkeys = signers.map((s) => s.pubkey);
  const { threshold } = wallet;
  const { blocks } = wallet.recovery;
  return {
    address: derived.address,
    branch,
    index,
    scriptPubKey: derived.scriptPubKey,
    witnessScript: derived.multisigScript,
    miniscript: recoveryMiniscript(threshold, pubkeys, recovery.pubkey, blocks),
    descriptor: recoveryDescriptor(threshold, signers, recovery, blocks),
    signers,
    recovery,
  };
}

/**
 * One address's descriptor with key origins. Miniscript has no sortedmulti inside or_d, so a
 * ranged (xpub/…/*) descriptor could not express the per-address key sorting the script uses;
 * the keys are written as derived, in script order.
 */
function recoveryDescriptor(
  threshold: number,
  signers: RecoveryKeyDerivation[],
  recovery: RecoveryKeyDerivation,
  blocks: number,
): string {
  const key = (k: RecoveryKeyDerivation) =>
    `[${k.fingerprint}${k.path.replace(/^m/, '').replace(/'/g, 'h')}]${Buffer.from(k.pubkey).toString('hex')}`;
  return withChecksum(
    `wsh(or_d(multi(${threshold},${signers.map(key).join(',')}),and_v(v:pk(${key(recovery)}),older(${blocks}))))`,
  );
}
