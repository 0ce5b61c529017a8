import { payments, script as bscript } from 'bitcoinjs-lib';
import { BitcoinError } from './errors';
import { deriveChild, type SignerKey } from './keys';
import { bitcoinNetwork, type BitcoinChainKey, type BitcoinNetwork } from './networks';

/** Bitcoin Core's MAX_PUBKEYS_PER_MULTISIG and the product's limit (spec §5/§9). */
export const MAX_MULTISIG_KEYS = 16;
/** P2SH redeem scripts are limited to 520 bytes: 15 compressed keys at most. */
export const MAX_P2SH_MULTISIG_KEYS = 15;

/** An m-of-n sortedmulti wallet: the server's whole view of a Bitcoin-family multisig. */
export interface MultisigWallet {
  chain: BitcoinChainKey;
  threshold: number;
  keys: SignerKey[];
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
  /** Keys in script order (sorted). */
  derivations: KeyDerivation[];
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
  return network;
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
  parts.sort((a, b) => compareBytes(a.pubkey, b.pubkey));
  const multisigScript = sortedMultisigScript(
    wallet.threshold,
    parts.map((p) => p.pubkey),
  );
  const { address, scriptPubKey } = multisigOutput(network, multisigScript);
  return { address, branch, index, scriptPubKey, multisigScript, derivations: parts };
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
