import { payments, script as bscript } from 'bitcoinjs-lib';
import { BitcoinError } from './errors';
import { deriveChild, parseExtendedPublicKey, type SignerKey } from './keys';
import { bitcoinNetwork, type BitcoinChainKey, type BitcoinNetwork } from './networks';
import { recoveryWitnessScript, validateRecoveryBlocks } from './recovery-miniscript';

/** Bitcoin Core's MAX_PUBKEYS_PER_MULTISIG and the product's limit (spec §5/§9). */
export const MAX_MULTISIG_KEYS = 16;
/** P2SH redeem scripts are limited to 520 bytes: 15 compressed keys at most. */
export const MAX_P2SH_MULTISIG_KEYS = 15;

/**
 * An emergency key that alone may spend a coin once it is `blocks` old (BIP-68), beside the
 * signers' k of n: wsh(or_d(multi(k, K1…Kn), and_v(v:pk(RECOVERY), older(N)))). P2WSH only.
 */
export interface RecoveryPath {
  /** Derived at the same branch/index as the signers' keys. */
  key: SignerKey;
  /** 1…65535 blocks. */
  blocks: number;
}

/** An m-of-n sortedmulti wallet, optionally with a timelocked recovery path: the server's whole view of a Bitcoin-family multisig. */
export interface MultisigWallet {
  chain: BitcoinChainKey;
  threshold: number;
  keys: SignerKey[];
  recovery?: RecoveryPath;
}

export type Branch = 0 | 1; // 0 = receive, 1 = change

/** One key's part in an address: which signer, at which full path, with which public key. */
export interface KeyDerivation {
  fingerprint: string;
  /** Full path from the signer's master, e.g. "m/48'/0'/0'/2'/0/5". */
  path: string;
  pubkey: Uint8Array;
  /** Position of the signer in the wallet's key list. */
  signerIndex: number;
}

export interface DerivedAddress {
  address: string;
  branch: Branch;
  index: number;
  scriptPubKey: Uint8Array;
  /** The m-of-n script with keys sorted (BIP-67): witnessScript for P2WSH, redeemScript for P2SH. */
  multisigScript: Uint8Array;
  /** Keys in script order (sorted; in the wallet's order where there is a recovery path). */
  derivations: KeyDerivation[];
  /** The recovery key at this address (wallets with a recovery path). */
  recovery?: Omit<KeyDerivation, 'signerIndex'>;
}

/** Checks threshold and key count for the chain's script type; throws INVALID_ARGUMENT. */
export function validateWallet(wallet: MultisigWallet): BitcoinNetwork {
  const network = bitcoinNetwork(wallet.chain);
  const n = wallet.keys.length;
  const max = network.scriptType === 'p2sh' ? MAX_P2SH_MULTISIG_KEYS : MAX_MULTISIG_KEYS;
  if (n < 1 || n > max)
    throw new BitcoinError('INVALID_ARGUMENT', `a ${network.scriptType} multisig has 1 to ${max} keys`, {
      reason: 'wallet_key_count',
    });
  if (!Number.isInteger(wallet.threshold) || wallet.threshold < 1 || wallet.threshold > n) {
    throw new BitcoinError('INVALID_ARGUMENT', `threshold must be between 1 and ${n}`, {
      reason: 'wallet_threshold',
    });
  }
  if (new Set(wallet.keys.map((k) => k.xpub)).size !== n)
    throw new BitcoinError('INVALID_ARGUMENT', 'duplicate signer key', { reason: 'wallet_duplicate_key' });
  if (wallet.recovery) validateRecoveryPath(wallet, wallet.recovery, network);
  return network;
}

/** The timelock, P2WSH, and n + 1 keys that all differ. */
function validateRecoveryPath(wallet: MultisigWallet, recovery: RecoveryPath, network: BitcoinNetwork): void {
  if (network.scriptType !== 'p2wsh')
    throw new BitcoinError('UNSUPPORTED', `${wallet.chain} has no segwit: the recovery path needs P2WSH`);
  validateRecoveryBlocks(recovery.blocks);
  // Compare key material, not text: one xpub re-encoded with other depth/fingerprint metadata
  // would derive the very same children.
  const material = [...wallet.keys, recovery.key].map((k) => {
    const node = parseExtendedPublicKey(k.xpub, network);
    return Buffer.concat([node.publicKey, node.chainCode]).toString('hex');
  });
  const recoveryMaterial = material.pop()!;
  if (new Set(material).size !== wallet.keys.length)
    throw new BitcoinError('INVALID_ARGUMENT', 'duplicate signer key', { reason: 'wallet_duplicate_key' });
  if (material.includes(recoveryMaterial))
    throw new BitcoinError('INVALID_ARGUMENT', 'the recovery key is one of the signer keys', {
      reason: 'wallet_duplicate_key',
    });
}

/** OP_m <sorted keys> OP_n OP_CHECKMULTISIG */
export function sortedMultisigScript(threshold: number, pubkeys: Uint8Array[]): Uint8Array {
  const sorted = [...pubkeys].sort(compareBytes);
  return bscript.compile([
    bscript.number.encode(threshold),
    ...sorted,
    bscript.number.encode(sorted.length),
    bscript.OPS.OP_CHECKMULTISIG!,
  ]);
}

export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  return Buffer.compare(a, b);
}

/** scriptPubKey and address of a multisig script on the chain's script type. */
export function multisigOutput(
  network: BitcoinNetwork,
  multisigScript: Uint8Array,
): { address: string; scriptPubKey: Uint8Array } {
  const redeem = { output: multisigScript };
  const payment =
    network.scriptType === 'p2wsh'
      ? payments.p2wsh({ redeem, network: network.bitcoinjs })
      : payments.p2sh({ redeem, network: network.bitcoinjs });
  return { address: payment.address!, scriptPubKey: payment.output! };
}

/** The wallet's address at branch/index (receive 0/i, change 1/i). */
export function deriveAddress(wallet: MultisigWallet, branch: Branch, index: number): DerivedAddress {
  const network = validateWallet(wallet);
  if (!Number.isInteger(index) || index < 0 || index >= 0x80000000)
    throw new BitcoinError('INVALID_ARGUMENT', 'bad address index');
  const parts = wallet.keys.map((key, signerIndex) => {
    const node = deriveChild(key.xpub, network, [branch, index]);
    return {
      fingerprint: key.fingerprint,
      path: `${key.path}/${branch}/${index}`,
      pubkey: node.publicKey,
      signerIndex,
    };
  });
  if (!wallet.recovery) {
    parts.sort((a, b) => compareBytes(a.pubkey, b.pubkey));
    const pubkeys = parts.map((p) => p.pubkey);
    const multisigScript = sortedMultisigScript(wallet.threshold, pubkeys);
    const { address, scriptPubKey } = multisigOutput(network, multisigScript);
    return { address, branch, index, scriptPubKey, multisigScript, derivations: parts };
  }
  const recovery = {
    fingerprint: wallet.recovery.key.fingerprint,
    path: `${wallet.recovery.key.path}/${branch}/${index}`,
    pubkey: deriveChild(wallet.recovery.key.xpub, network, [branch, index]).publicKey,
  };
  // Miniscript has no sortedmulti: keys stay in the wallet's order, as its ranged descriptor
  // (`multi(k, xpub1/0/*, …)`) says, so Bitcoin Core or Liana derive the same addresses.
  const pubkeys = parts.map((p) => p.pubkey);
  const script = recoveryWitnessScript(wallet.threshold, pubkeys, recovery.pubkey, wallet.recovery.blocks);
  const { address, scriptPubKey } = multisigOutput(network, script);
  return { address, branch, index, scriptPubKey, multisigScript: script, derivations: parts, recovery };
}

/** Bytes of the wallet's witness/redeem script at any index (all keys compressed). */
export function walletScriptLength(wallet: MultisigWallet): number {
  const multisig = 3 + 34 * wallet.keys.length;
  if (!wallet.recovery) return multisig;
  // IFDUP NOTIF <R> CHECKSIGVERIFY <N> CHECKSEQUENCEVERIFY ENDIF
  const blocks = wallet.recovery.blocks;
  const pushBlocks = blocks <= 16 ? 1 : 1 + bscript.number.encode(blocks).length;
  return multisig + 2 + 34 + 1 + pushBlocks + 1 + 1;
}

/** Receive and change addresses 0…count-1. */
export function deriveAddresses(
  wallet: MultisigWallet,
  branch: Branch,
  from: number,
  count: number,
): DerivedAddress[] {
  return Array.from({ length: count }, (_, i) => deriveAddress(wallet, branch, from + i));
}

/** The default BIP-48 account path of a multisig signer: m/48'/coin'/account'/2' (P2WSH) or 1' (P2SH). */
export function defaultSignerPath(chain: BitcoinChainKey, account = 0): string {
  const network = bitcoinNetwork(chain);
  const scriptIndex = network.scriptType === 'p2wsh' ? 2 : 1;
  return `m/48'/${network.coinType}'/${account}'/${scriptIndex}'`;
}
