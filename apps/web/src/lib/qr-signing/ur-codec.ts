import '../node-globals';
import { URDecoder, UREncoder, UR } from '@ngraveio/bc-ur';
import { CryptoAccount, CryptoHDKey, CryptoPSBT } from '@keystonehq/bc-ur-registry';
import { DataType, ETHSignature, EthSignRequest } from '@keystonehq/bc-ur-registry-eth';
import { HDKey } from 'viem/accounts';
import { bytesToHex } from 'viem/utils';
import { evmChildAccounts } from '../wallet-connectors/hd-accounts';

/**
 * Uniform Resources (Blockchain Commons BCR-2020-005/006) for air-gapped signers such as
 * Keystone, Sparrow, Passport or AirGap: what the page shows as (animated) QR codes and what it
 * reads back. The encoding is the reference library's (bc-ur) and Keystone's registry; this file
 * only chooses the types: `crypto-psbt` for the Bitcoin family (BCR-2020-006), `eth-sign-request`
 * / `eth-signature` for EVM (EIP-4527), `crypto-hdkey` / `crypto-account` for the account export.
 */

export type Hex = `0x${string}`;

/** QR frames of one UR: a single part when it fits, else fountain-coded parts to cycle through. */
export function urFrames(ur: UR, maxFragmentLength = 200): string[] {
  const encoder = new UREncoder(ur, maxFragmentLength);
  if (encoder.fragmentsLength === 1) return [encoder.nextPart()];
  // One round of the pure parts plus as many again of mixed parts: a scanner that misses frames
  // still completes, and the animation loops over these.
  return Array.from({ length: encoder.fragmentsLength * 2 }, () => encoder.nextPart());
}

/** Why a scanned UR cannot be used, for the modal's message. */
export type UrProblem = 'wrong_type' | 'invalid';

export class UrReadError extends Error {
  constructor(
    readonly problem: UrProblem,
    detail: string,
  ) {
    super(detail);
    this.name = 'UrReadError';
  }
}

/** Collects scanned QR texts (any order, repeats, other codes ignored) into one UR of an expected type. */
export class UrCollector {
  private decoder = new URDecoder();

  constructor(readonly expected: readonly string[]) {}

  /** Feeds one scanned text; true once the UR is complete. Texts that are no UR are ignored. */
  receive(text: string): boolean {
    const part = text.trim().toLowerCase();
    if (!part.startsWith('ur:')) return false;
    const type = part.slice(3).split('/')[0] ?? '';
    if (!this.expected.includes(type)) throw new UrReadError('wrong_type', type);
    this.decoder.receivePart(part);
    if (this.decoder.isError()) {
      const detail = this.decoder.resultError();
      this.decoder = new URDecoder();
      throw new UrReadError('invalid', detail);
    }
    return this.decoder.isComplete();
  }

  /** 0…1: how much of a multi-part UR has arrived. */
  get progress(): number {
    return this.decoder.isComplete() ? 1 : this.decoder.estimatedPercentComplete();
  }

  result(): UR {
    if (!this.decoder.isSuccess()) throw new UrReadError('invalid', 'incomplete');
    return this.decoder.resultUR();
  }
}

export function psbtToUr(psbtBase64: string): UR {
  return new CryptoPSBT(Buffer.from(psbtBase64, 'base64')).toUR();
}

export function psbtFromUr(ur: UR): string {
  return CryptoPSBT.fromCBOR(ur.cbor).getPSBT().toString('base64');
}

/** What an EVM request signs (EIP-4527 data types). */
export type EthSignKind = 'typed_data' | 'personal_message';

export interface EthSignRequestInput {
  kind: EthSignKind;
  /** The EIP-712 JSON, or the message bytes as UTF-8 text. */
  data: string;
  /** e.g. m/44'/60'/0'/0/1 */
  path: string;
  /** The device's master fingerprint, 8 hex digits. */
  fingerprint: string;
  address: Hex;
  chainId?: number;
  requestId: string;
}

export function ethSignRequestUr(input: EthSignRequestInput): UR {
  return EthSignRequest.constructETHRequest(
    Buffer.from(input.data, 'utf8'),
    input.kind === 'typed_data' ? DataType.typedData : DataType.personalMessage,
    input.path,
    input.fingerprint,
    input.requestId,
    input.chainId,
    input.address,
    'Keystead',
  ).toUR();
}

/** The signature of an `eth-signature` reply; refused unless it answers `requestId`. */
export function ethSignatureFromUr(ur: UR, requestId: string): Hex {
  const reply = ETHSignature.fromCBOR(ur.cbor);
  const answered = reply.getRequestId();
  const expected = Buffer.from(requestId.replace(/-/g, ''), 'hex');
  if (!answered || !answered.equals(expected)) throw new UrReadError('invalid', 'request id');
  const signature = reply.getSignature();
  if (signature.length !== 65) throw new UrReadError('invalid', 'signature length');
  return bytesToHex(signature);
}

/** One account of a device's EVM export, with the path the device signs it by. */
export interface QrAccount {
  address: Hex;
  path: string;
  fingerprint: string;
}

const ETH_ACCOUNT_ORIGIN = "44'/60'/0'";

/**
 * The first `count` EVM accounts of a device's export: a `crypto-hdkey` of m/44'/60'/0' (Keystone,
 * AirGap: accounts are its children 0/i, as MetaMask and Ledger Live's "legacy" layout) or the
 * first such key of a `crypto-account`.
 */
export function evmAccountsFromUr(ur: UR, count = 5): QrAccount[] {
  const key = ur.type === 'crypto-account' ? ethKeyOfAccount(ur) : CryptoHDKey.fromCBOR(ur.cbor);
  const origin = key.getOrigin();
  const path = origin?.getPath();
  if (!path || path !== ETH_ACCOUNT_ORIGIN) throw new UrReadError('invalid', `origin ${path ?? 'missing'}`);
  const chainCode = key.getChainCode();
  if (!chainCode) throw new UrReadError('invalid', 'no chain code');
  const fingerprint = origin.getSourceFingerprint()?.toString('hex') ?? '00000000';
  const node = new HDKey({ publicKey: key.getKey(), chainCode });
  return evmChildAccounts(node.deriveChild(0), `m/${path}/0`, count).map((account) => ({
    ...account,
    fingerprint,
  }));
}

function ethKeyOfAccount(ur: UR): CryptoHDKey {
  const account = CryptoAccount.fromCBOR(ur.cbor);
  for (const output of account.getOutputDescriptors()) {
    const key = output.getHDKey();
    if (key?.getOrigin()?.getPath() === ETH_ACCOUNT_ORIGIN) return key;
  }
  throw new UrReadError('invalid', 'no EVM key');
}

/** A Bitcoin-family signer key as the platform takes it (BIP-48 account key). */
export interface BitcoinKey {
  xpub: string;
  fingerprint: string;
  path: string;
}

/** BIP-32 version bytes of public keys: xpub (main networks), tpub (test and regtest). */
const XPUB_VERSIONS = {
  main: { public: 0x0488b21e, private: 0x0488ade4 },
  test: { public: 0x043587cf, private: 0x04358394 },
} as const;

/**
 * A multisig account key from a device's export (Sparrow, Keystone, Passport, Jade): a
 * `crypto-hdkey`, or the BIP-48 P2WSH key (m/48'/coin'/account'/2') of a `crypto-account`, as an
 * extended public key with its master fingerprint and path.
 */
export function bitcoinKeyFromUr(ur: UR, network: 'main' | 'test'): BitcoinKey {
  const key = ur.type === 'crypto-account' ? multisigKeyOfAccount(ur) : CryptoHDKey.fromCBOR(ur.cbor);
  const origin = key.getOrigin();
  const chainCode = key.getChainCode();
  if (!origin || !chainCode) throw new UrReadError('invalid', 'no key origin or chain code');
  const components = origin.getComponents();
  const last = components[components.length - 1];
  const parent = key.getParentFingerprint();
  const node = new HDKey({
    versions: XPUB_VERSIONS[network],
    publicKey: key.getKey(),
    chainCode,
    depth: origin.getDepth() || components.length,
    index: last ? last.getIndex() + (last.isHardened() ? 0x80000000 : 0) : 0,
    parentFingerprint: parent ? parent.readUInt32BE(0) : 0,
  });
  return {
    xpub: node.publicExtendedKey,
    fingerprint: origin.getSourceFingerprint()?.toString('hex') ?? '',
    path: `m/${origin.getPath()}`,
  };
}

function multisigKeyOfAccount(ur: UR): CryptoHDKey {
  const account = CryptoAccount.fromCBOR(ur.cbor);
  for (const output of account.getOutputDescriptors()) {
    const key = output.getHDKey();
    const path = key?.getOrigin()?.getPath() ?? '';
    if (/^48'\/\d+'\/\d+'\/2'$/.test(path)) return key;
  }
  throw new UrReadError('invalid', 'no BIP-48 P2WSH key');
}

export { UR };
