import { payments } from 'bitcoinjs-lib';
import { withChecksum, verifyDescriptorChecksum } from './descriptor-checksum';
import { BitcoinError } from './errors';
import {
  deriveChild,
  formatPath,
  isHardened,
  parseExtendedPublicKey,
  parsePath,
  parsePublicKey,
  type SignerKey,
} from './keys';
import { bitcoinNetwork, type BitcoinChainKey, type BitcoinNetwork } from './networks';
import { compareBytes, validateWallet, type MultisigWallet } from './wallet';
import { script as bscript } from 'bitcoinjs-lib';

/**
 * Output descriptors (BIP-380/381/382/383) for the multisig shapes this product uses:
 * wsh(sortedmulti(…)), sh(sortedmulti(…)), sh(wsh(…)) and bare multi/sortedmulti (read only).
 */
export type DescriptorWrapper = 'wsh' | 'sh' | 'sh-wsh' | 'bare';

export interface DescriptorKey {
  /** Key origin [fingerprint/path] when given. */
  origin?: { fingerprint: string; steps: number[] };
  /** A fixed public key (hex in the descriptor). */
  pubkey?: Uint8Array;
  /** An extended public key (canonical version) with the steps below it and a trailing /*. */
  xpub?: string;
  steps: number[];
  wildcard: boolean;
  /** `/<0;1>/*` (BIP-389): receive and change in one descriptor. */
  multipath?: boolean;
}

export interface ParsedDescriptor {
  wrapper: DescriptorWrapper;
  sorted: boolean;
  threshold: number;
  keys: DescriptorKey[];
}

/** The two descriptors of a wallet: receive (…/0/*) and change (…/1/*), with checksums. */
export function walletDescriptors(wallet: MultisigWallet): { receive: string; change: string } {
  const network = validateWallet(wallet);
  const make = (branch: 0 | 1) => {
    const ranged = (k: SignerKey) =>
      `[${k.fingerprint}${k.path.replace(/^m/, '').replace(/'/g, 'h')}]${k.xpub}/${branch}/*`;
    const keys = wallet.keys.map(ranged);
    if (wallet.recovery) {
      // Miniscript (Bitcoin Core 25+, Liana): the signers' multi in wallet order, or the recovery key after N blocks.
      const { key, blocks } = wallet.recovery;
      return withChecksum(
        `wsh(or_d(multi(${wallet.threshold},${keys.join(',')}),and_v(v:pk(${ranged(key)}),older(${blocks}))))`,
      );
    }
    const inner = `sortedmulti(${wallet.threshold},${keys.join(',')})`;
    return withChecksum(network.scriptType === 'p2wsh' ? `wsh(${inner})` : `sh(${inner})`);
  };
  return { receive: make(0), change: make(1) };
}

/** Parses a descriptor (checksum checked when present). Taproot descriptors are refused. */
export function parseDescriptor(
  text: string,
  chain: BitcoinChainKey,
  opts: { requireChecksum?: boolean } = {},
): ParsedDescriptor {
  const network = bitcoinNetwork(chain);
  const checked = verifyDescriptorChecksum(text.trim(), opts.requireChecksum ?? false);
  if (!checked)
    throw new BitcoinError('INVALID_ARGUMENT', 'descriptor checksum is missing or wrong', {
      reason: 'descriptor_checksum',
    });
  let body = checked.body.replace(/\s+/g, '');
  if (/^(tr|rawtr)\(/.test(body))
    throw new BitcoinError('TAPROOT_UNSUPPORTED_ERROR', 'Taproot descriptors are not supported');
  let wrapper: DescriptorWrapper = 'bare';
  const unwrap = (prefix: string) => {
    if (body.startsWith(`${prefix}(`) && body.endsWith(')')) {
      body = body.slice(prefix.length + 1, -1);
      return true;
    }
    return false;
  };
  if (unwrap('sh')) wrapper = unwrap('wsh') ? 'sh-wsh' : 'sh';
  else if (unwrap('wsh')) wrapper = 'wsh';
  const match = /^(multi|sortedmulti)\((.*)\)$/.exec(body);
  if (!match)
    throw new BitcoinError('INVALID_ARGUMENT', 'only multi() and sortedmulti() descriptors are supported', {
      reason: 'descriptor_not_multisig',
    });
  const [thresholdText, ...keyTexts] = match[2]!.split(',');
  if (!/^\d+$/.test(thresholdText ?? ''))
    throw new BitcoinError('INVALID_ARGUMENT', 'multisig threshold is not a number', {
      reason: 'descriptor_threshold',
    });
  const threshold = Number(thresholdText);
  const keys = keyTexts.map((k) => parseDescriptorKey(k, network));
  const maxKeys = wrapper === 'sh' ? 15 : wrapper === 'bare' ? 3 : 20;
  if (threshold < 1 || threshold > keys.length || keys.length > maxKeys) {
    throw new BitcoinError(
      'INVALID_ARGUMENT',
      `bad threshold ${threshold} of ${keys.length} keys for ${wrapper}`,
      { reason: 'descriptor_threshold' },
    );
  }
  if (wrapper !== 'sh' && wrapper !== 'bare' && keys.some((k) => k.pubkey && k.pubkey.length !== 33)) {
    throw new BitcoinError('INVALID_ARGUMENT', 'segwit multisig needs compressed keys', {
      reason: 'descriptor_uncompressed_key',
    });
  }
  return { wrapper, sorted: match[1] === 'sortedmulti', threshold, keys };
}

function parseDescriptorKey(text: string, network: BitcoinNetwork): DescriptorKey {
  let rest = text;
  let origin: DescriptorKey['origin'];
  const originMatch = /^\[([0-9a-fA-F]{8})((?:\/\d+['hH]?)*)\](.*)$/.exec(rest);
  if (originMatch) {
    origin = { fingerprint: originMatch[1]!.toLowerCase(), steps: parsePath(originMatch[2]!) };
    rest = originMatch[3]!;
  } else if (rest.startsWith('[')) {
    throw new BitcoinError('INVALID_ARGUMENT', `bad key origin in "${text}"`, {
      reason: 'descriptor_key_origin',
    });
  }
  if (origin && origin.steps[0] === 86 + 0x80000000) {
    throw new BitcoinError('TAPROOT_UNSUPPORTED_ERROR', 'Taproot (purpose 86\u2032) keys are not supported');
  }
  if (/^0[23][0-9a-fA-F]{64}$/.test(rest))
    return { origin, pubkey: parsePublicKey(rest), steps: [], wildcard: false };
  if (/^04[0-9a-fA-F]{128}$/.test(rest))
    return { origin, pubkey: Buffer.from(rest, 'hex'), steps: [], wildcard: false };
  const [base, ...stepTexts] = rest.split('/');
  let wildcard = false;
  let multipath = false;
  if (stepTexts[stepTexts.length - 1] === '*') {
    wildcard = true;
    stepTexts.pop();
  } else if (/^\*['hH]$/.test(stepTexts[stepTexts.length - 1] ?? '')) {
    throw new BitcoinError('INVALID_ARGUMENT', 'hardened wildcard cannot be derived from a public key', {
      reason: 'descriptor_hardened_step',
    });
  }
  if (stepTexts[stepTexts.length - 1] === '<0;1>') {
    multipath = true;
    stepTexts.pop();
  }
  const node = parseExtendedPublicKey(base!, network);
  const steps = stepTexts.length ? parsePath(stepTexts.join('/')) : [];
  if (steps.some(isHardened))
    throw new BitcoinError('INVALID_ARGUMENT', 'hardened step after an xpub', {
      reason: 'descriptor_hardened_step',
    });
  return { origin, xpub: node.toBase58(), steps, wildcard, ...(multipath ? { multipath } : {}) };
}

/** The public key of a descriptor key at a wildcard index (and multipath branch). */
function keyAt(key: DescriptorKey, network: BitcoinNetwork, index: number, branch: 0 | 1): Uint8Array {
  if (key.pubkey) return key.pubkey;
  const steps = [...key.steps, ...(key.multipath ? [branch] : []), ...(key.wildcard ? [index] : [])];
  return deriveChild(key.xpub!, network, steps).publicKey;
}

/** scriptPubKey (and the multisig script) a descriptor produces at `index`. */
export function descriptorScriptAt(
  parsed: ParsedDescriptor,
  chain: BitcoinChainKey,
  index: number,
  branch: 0 | 1 = 0,
): { scriptPubKey: Uint8Array; multisigScript: Uint8Array; address: string | null } {
  const network = bitcoinNetwork(chain);
  let pubkeys = parsed.keys.map((k) => keyAt(k, network, index, branch));
  if (parsed.sorted) pubkeys = [...pubkeys].sort(compareBytes);
  const multisigScript = bscript.compile([
    bscript.number.encode(parsed.threshold),
    ...pubkeys,
    bscript.number.encode(pubkeys.length),
    bscript.OPS.OP_CHECKMULTISIG!,
  ]);
  const net = network.bitcoinjs;
  const redeem = { output: multisigScript };
  switch (parsed.wrapper) {
    case 'wsh': {
      const p = payments.p2wsh({ redeem, network: net });
      return { scriptPubKey: p.output!, multisigScript, address: p.address! };
    }
    case 'sh': {
      const p = payments.p2sh({ redeem, network: net });
      return { scriptPubKey: p.output!, multisigScript, address: p.address! };
    }
    case 'sh-wsh': {
      const p = payments.p2sh({ redeem: payments.p2wsh({ redeem, network: net }), network: net });
      return { scriptPubKey: p.output!, multisigScript, address: p.address! };
    }
    default:
      return { scriptPubKey: multisigScript, multisigScript, address: null };
  }
}

/**
 * Imports a wallet from its descriptor: sortedmulti under wsh() (BTC/LTC) or sh() (BCH), every
 * key an xpub with origin [fingerprint/path] and suffix /0/*, /1/* or /<0;1>/*.
 */
export function walletFromDescriptor(text: string, chain: BitcoinChainKey): MultisigWallet {
  const network = bitcoinNetwork(chain);
  const parsed = parseDescriptor(text, chain);
  const expected = network.scriptType === 'p2wsh' ? 'wsh' : 'sh';
  if (parsed.wrapper !== expected || !parsed.sorted) {
    throw new BitcoinError(
      'INVALID_ARGUMENT',
      `${chain} wallets are ${expected}(sortedmulti(…)) descriptors`,
      { reason: expected === 'wsh' ? 'descriptor_wrapper_wsh' : 'descriptor_wrapper_sh' },
    );
  }
  const keys: SignerKey[] = parsed.keys.map((k) => {
    if (!k.xpub || !k.origin || !k.wildcard) {
      throw new BitcoinError('INVALID_ARGUMENT', 'every key needs [fingerprint/path]xpub/…/*', {
        reason: 'descriptor_key_origin_missing',
      });
    }
    const suffixOk = k.multipath
      ? k.steps.length === 0
      : k.steps.length === 1 && (k.steps[0] === 0 || k.steps[0] === 1);
    if (!suffixOk)
      throw new BitcoinError('INVALID_ARGUMENT', 'key suffix must be /0/*, /1/* or /<0;1>/*', {
        reason: 'descriptor_key_suffix',
      });
    return { fingerprint: k.origin.fingerprint, path: formatPath(k.origin.steps), xpub: k.xpub };
  });
  const wallet = { chain, threshold: parsed.threshold, keys };
  validateWallet(wallet);
  return wallet;
}
