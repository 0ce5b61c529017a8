import { compileMiniscript } from '@bitcoinerlab/miniscript';
import { payments, script as bscript } from 'bitcoinjs-lib';
import { withChecksum } from './descriptor-checksum';
import { BitcoinError } from './errors';
import { deriveChild, parseExtendedPublicKey, type SignerKey } from './keys';
import type { BitcoinNetwork } from './networks';
import { compareBytes, validateWallet, type Branch, type KeyDerivation, type MultisigWallet } from './wallet';

/**
 * A multisig wallet with a timelocked emergency-recovery path (miniscript, P2WSH):
 *   wsh(or_d(multi(k, K1…Kn), and_v(v:pk(RECOVERY), older(N))))
 * The signers spend at any time with k of n; the recovery key alone can spend a coin once it is
 * N blocks old (BIP-68 relative lock checked by OP_CHECKSEQUENCEVERIFY).
 */
export interface RecoveryWallet extends MultisigWallet {
  /** The emergency key, derived at the same branch/index as the signers' keys. */
  recoveryKey: SignerKey;
  /** Blocks a coin must be old before the recovery key alone may spend it (1…65535). */
  recoveryBlocks: number;
}

/** BIP-68 block-based relative locks hold 16 bits; larger values would mean something else. */
export const MAX_RECOVERY_BLOCKS = 0xffff;

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
  const network = validateWallet(wallet);
  if (network.scriptType !== 'p2wsh')
    throw new BitcoinError('UNSUPPORTED', `${wallet.chain} has no segwit: the recovery path needs P2WSH`);
  validateRecoveryBlocks(wallet.recoveryBlocks);
  // Compare key material, not text: one xpub re-encoded with other depth/fingerprint metadata
  // would derive the very same children.
  const material = [...wallet.keys, wallet.recoveryKey].map((k) => {
    const node = parseExtendedPublicKey(k.xpub, network);
    return Buffer.concat([node.publicKey, node.chainCode]).toString('hex');
  });
  if (new Set(material.slice(0, -1)).size !== wallet.keys.length)
    throw new BitcoinError('INVALID_ARGUMENT', 'duplicate signer key', { reason: 'wallet_duplicate_key' });
  if (material.slice(0, -1).includes(material[material.length - 1]!))
    throw new BitcoinError('INVALID_ARGUMENT', 'the recovery key is one of the signer keys', {
      reason: 'wallet_duplicate_key',
    });
  return network;
}

export function validateRecoveryBlocks(blocks: number): void {
  if (!Number.isInteger(blocks) || blocks < 1 || blocks > MAX_RECOVERY_BLOCKS)
    throw new BitcoinError(
      'INVALID_ARGUMENT',
      `recovery delay must be 1 to ${MAX_RECOVERY_BLOCKS} blocks, got ${blocks}`,
    );
}

/** The policy as miniscript over hex keys; signer keys are taken in the order given. */
export function recoveryMiniscript(
  threshold: number,
  signers: Uint8Array[],
  recovery: Uint8Array,
  blocks: number,
): string {
  const hex = (k: Uint8Array) => Buffer.from(k).toString('hex');
  return `or_d(multi(${threshold},${signers.map(hex).join(',')}),and_v(v:pk(${hex(recovery)}),older(${blocks})))`;
}

/**
 * The witness script, compiled by the miniscript library (not assembled here). The library's
 * ASM writes pushes as <hex>, small numbers as decimals and opcodes by name; bitcoinjs-lib's
 * compile() then picks the minimal encodings (OP_0…OP_16).
 */
export function recoveryWitnessScript(
  threshold: number,
  signers: Uint8Array[],
  recovery: Uint8Array,
  blocks: number,
): Uint8Array {
  validateRecoveryBlocks(blocks);
  if (!Number.isInteger(threshold) || threshold < 1 || threshold > signers.length)
    throw new BitcoinError('INVALID_ARGUMENT', `threshold must be between 1 and ${signers.length}`, {
      reason: 'wallet_threshold',
    });
  const all = [...signers, recovery].map((k) => Buffer.from(k).toString('hex'));
  if (new Set(all).size !== all.length)
    throw new BitcoinError('INVALID_ARGUMENT', 'the keys of the recovery script must all differ', {
      reason: 'wallet_duplicate_key',
    });
  const compiled = compileMiniscript(recoveryMiniscript(threshold, signers, recovery, blocks));
  if (!compiled.issane)
    throw new BitcoinError(
      'INVALID_ARGUMENT',
      `recovery miniscript refused: ${compiled.error ?? 'not sane'}`,
    );
  return asmToScript(compiled.asm);
}

function asmToScript(asm: string): Uint8Array {
  const chunks = asm
    .trim()
    .split(/\s+/)
    .map((token): number | Uint8Array => {
      if (/^OP_[0-9A-Z_]+$/.test(token)) {
        const op = (bscript.OPS as unknown as Record<string, number | undefined>)[token];
        if (op === undefined) throw new Error(`miniscript ASM: unknown opcode ${token}`);
        return op;
      }
      if (/^<([0-9a-f]{2})+>$/.test(token)) return Buffer.from(token.slice(1, -1), 'hex');
      if (/^\d+$/.test(token)) return bscript.number.encode(Number(token));
      throw new Error(`miniscript ASM: unexpected token ${token}`);
    });
  return bscript.compile(chunks);
}

/** The wallet's address at branch/index: keys derived as the plain multisig wallet derives them. */
export function deriveRecoveryAddress(
  wallet: RecoveryWallet,
  branch: Branch,
  index: number,
): RecoveryAddress {
  const network = validateRecoveryWallet(wallet);
  if (!Number.isInteger(index) || index < 0 || index >= 0x80000000)
    throw new BitcoinError('INVALID_ARGUMENT', 'bad address index');
  const at = (key: SignerKey) => ({
    fingerprint: key.fingerprint,
    path: `${key.path}/${branch}/${index}`,
    pubkey: deriveChild(key.xpub, network, [branch, index]).publicKey,
  });
  const signers = wallet.keys
    .map((key, signerIndex) => ({ ...at(key), signerIndex }))
    .sort((a, b) => compareBytes(a.pubkey, b.pubkey));
  const recovery = at(wallet.recoveryKey);
  const pubkeys = signers.map((s) => s.pubkey);
  const witnessScript = recoveryWitnessScript(
    wallet.threshold,
    pubkeys,
    recovery.pubkey,
    wallet.recoveryBlocks,
  );
  const payment = payments.p2wsh({ redeem: { output: witnessScript }, network: network.bitcoinjs });
  return {
    address: payment.address!,
    branch,
    index,
    scriptPubKey: payment.output!,
    witnessScript,
    miniscript: recoveryMiniscript(wallet.threshold, pubkeys, recovery.pubkey, wallet.recoveryBlocks),
    descriptor: recoveryDescriptor(wallet.threshold, signers, recovery, wallet.recoveryBlocks),
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
