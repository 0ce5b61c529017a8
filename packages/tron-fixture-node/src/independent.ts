// Independent reader and verifier of Tron transactions. Shares no code with tronweb or with
// @keystead/chains: the protobuf schema is Tron's published .proto (src/tron.proto), hashing and
// signature recovery are @noble, base58check is @scure/base. Keystead's tests use it to check the
// transactions its tronweb-based adapter builds, and the fixture node uses it to validate broadcasts.
import { secp256k1 } from '@noble/curves/secp256k1';
import { sha256 } from '@noble/hashes/sha2';
import { addressFromPublicKey, fromHex, hexToBase58, strip0x, toBase58, toHex } from './address.js';
import {
  ContractTypeEnum,
  RawType,
  Reader,
  TransactionType,
  Writer,
  contractTypeCode,
  jsonToMessage,
  messageToJson,
  type Json,
  type JsonObject,
} from './proto-json.js';

export {
  addressFromPublicKey,
  addressToBytes,
  base58ToHex,
  hexToBase58,
  isTronAddress,
  toBase58,
} from './address.js';
export type { Json, JsonObject } from './proto-json.js';

export const SUPPORTED_CONTRACT_TYPES = [
  'TransferContract',
  'TriggerSmartContract',
  'AccountPermissionUpdateContract',
] as const;
export type SupportedContractType = (typeof SUPPORTED_CONTRACT_TYPES)[number];

export interface PermissionKey {
  address: string;
  weight: number;
}
/** A Permission as the HTTP API prints it (base58 addresses, operations hex). */
export interface PermissionJson {
  type?: 'Owner' | 'Witness' | 'Active';
  id?: number;
  permission_name?: string;
  threshold: number;
  parent_id?: number;
  operations?: string;
  keys: PermissionKey[];
}

interface ContractBase {
  permissionId: number;
  typeUrl: string;
}
export type DecodedContract =
  | (ContractBase & {
      type: 'TransferContract';
      value: { owner_address: string; to_address: string; amount: bigint };
    })
  | (ContractBase & {
      type: 'TriggerSmartContract';
      value: {
        owner_address: string;
        contract_address: string;
        data: string;
        call_value: bigint;
        call_token_value: bigint;
        token_id: bigint;
      };
    })
  | (ContractBase & {
      type: 'AccountPermissionUpdateContract';
      value: {
        owner_address: string;
        owner: PermissionJson;
        witness?: PermissionJson;
        actives: PermissionJson[];
      };
    });

export interface DecodedRawData {
  refBlockBytes: string;
  refBlockHash: string;
  /** Milliseconds since the epoch. */
  expiration: number;
  timestamp: number;
  feeLimit: number;
  /** The memo (raw.data) as hex, '' when none. */
  data: string;
  contract: DecodedContract;
  /** The same raw data as the HTTP API's raw_data JSON with visible=true. */
  json: JsonObject;
}

const str = (v: unknown): string => (v === undefined ? '' : String(v));
const num = (v: unknown): number => (v === undefined ? 0 : Number(v));
const big = (v: unknown): bigint => (v === undefined ? 0n : BigInt(v as number | bigint | string));

function permissionFromJson(json: unknown): PermissionJson {
  const p = (json ?? {}) as Record<string, unknown>;
  const keys = ((p.keys as Record<string, unknown>[] | undefined) ?? []).map((k) => ({
    address: str(k.address),
    weight: num(k.weight),
  }));
  const out: PermissionJson = {
    type: (p.type as PermissionJson['type']) ?? 'Owner',
    threshold: num(p.threshold),
    keys,
  };
  out.id = num(p.id);
  if (p.permission_name !== undefined) out.permission_name = str(p.permission_name);
  if (p.parent_id !== undefined) out.parent_id = num(p.parent_id);
  if (p.operations !== undefined) out.operations = str(p.operations);
  return out;
}

function contractFromJson(contract: JsonObject): DecodedContract {
  const type = str(contract.type);
  const parameter = (contract.parameter ?? {}) as JsonObject;
  const v = (parameter.value ?? {}) as JsonObject;
  const base = { permissionId: num(contract.Permission_id), typeUrl: str(parameter.type_url) };
  if (base.typeUrl !== `type.googleapis.com/protocol.${type}`) {
    throw new Error(`contract type ${type} does not match type_url ${base.typeUrl}`);
  }
  switch (type) {
    case 'TransferContract':
      return {
        ...base,
        type,
        value: { owner_address: str(v.owner_address), to_address: str(v.to_address), amount: big(v.amount) },
      };
    case 'TriggerSmartContract':
      return {
        ...base,
        type,
        value: {
          owner_address: str(v.owner_address),
          contract_address: str(v.contract_address),
          data: str(v.data),
          call_value: big(v.call_value),
          call_token_value: big(v.call_token_value),
          token_id: big(v.token_id),
        },
      };
    case 'AccountPermissionUpdateContract':
      return {
        ...base,
        type,
        value: {
          owner_address: str(v.owner_address),
          owner: permissionFromJson(v.owner),
          ...(v.witness !== undefined ? { witness: permissionFromJson(v.witness) } : {}),
          actives: ((v.actives as Json[] | undefined) ?? []).map(permissionFromJson),
        },
      };
    default:
      throw new Error(`unsupported contract type ${type}`);
  }
}

/** raw_data_hex → the HTTP API's raw_data JSON (visible true: base58, false: 41… hex). */
export function rawDataToJson(rawHex: string, visible = true): JsonObject {
  return messageToJson(RawType, RawType.decode(fromHex(rawHex)), { visible });
}

/** raw_data_hex → its fields; exactly one contract of a supported type, else it throws. */
export function decodeRawData(rawHex: string): DecodedRawData {
  const json = rawDataToJson(rawHex, true);
  const contracts = (json.contract as JsonObject[] | undefined) ?? [];
  if (contracts.length !== 1) throw new Error(`expected one contract, found ${contracts.length}`);
  return {
    refBlockBytes: str(json.ref_block_bytes),
    refBlockHash: str(json.ref_block_hash),
    expiration: num(json.expiration),
    timestamp: num(json.timestamp),
    feeLimit: num(json.fee_limit),
    data: str(json.data),
    contract: contractFromJson(contracts[0]!),
    json,
  };
}

/** The HTTP API's raw_data JSON (addresses base58 or 41… hex) → raw_data_hex, as Java encodes it. */
export function encodeRawData(rawDataJson: unknown): string {
  return toHex(RawType.encode(jsonToMessage(RawType, rawDataJson)).finish());
}

/** The transaction id: sha256 of the raw data bytes. */
export function txIdOf(rawHex: string): string {
  return toHex(sha256(fromHex(rawHex)));
}

export interface DecodedTransaction {
  txID: string;
  rawDataHex: string;
  signatures: string[];
  rawData: DecodedRawData;
}

/**
 * A whole Transaction protobuf (what /wallet/broadcasthex takes) → its parts. The raw data bytes
 * are sliced out as sent, not re-encoded, so the id is the hash of exactly what was signed.
 */
export function decodeTransaction(txHex: string): DecodedTransaction {
  const reader = Reader.create(fromHex(txHex));
  let raw: Uint8Array | undefined;
  const signatures: string[] = [];
  while (reader.pos < reader.len) {
    const tag = reader.uint32();
    if (tag === ((1 << 3) | 2)) raw = reader.bytes();
    else if (tag === ((2 << 3) | 2)) signatures.push(toHex(reader.bytes()));
    else reader.skipType(tag & 7);
  }
  if (!raw) throw new Error('transaction without raw_data');
  TransactionType.decode(fromHex(txHex)); // the whole message must parse too
  const rawDataHex = toHex(raw);
  return { txID: txIdOf(rawDataHex), rawDataHex, signatures, rawData: decodeRawData(rawDataHex) };
}

/** raw_data_hex + signatures → the whole Transaction protobuf hex. */
export function encodeTransaction(rawHex: string, signatures: readonly string[]): string {
  const writer = Writer.create();
  writer.uint32((1 << 3) | 2).bytes(fromHex(rawHex));
  for (const sig of signatures) writer.uint32((2 << 3) | 2).bytes(fromHex(sig));
  return toHex(writer.finish());
}

/** The signer of a 65-byte r‖s‖v signature over the tx id (v 0/1 or 27/28), as base58. */
export function recoverSigner(txIdHex: string, signatureHex: string): string {
  const sig = fromHex(signatureHex);
  if (sig.length !== 65) throw new Error(`signature is ${sig.length} bytes, 65 expected`);
  let recovery = sig[64]!;
  if (recovery >= 27) recovery -= 27;
  if (recovery > 3) throw new Error(`bad recovery byte ${sig[64]}`);
  const point = secp256k1.Signature.fromCompact(sig.subarray(0, 64))
    .addRecoveryBit(recovery)
    .recoverPublicKey(fromHex(txIdHex));
  return addressFromPublicKey(point.toRawBytes(false));
}

const TRANSFER_SELECTOR = 'a9059cbb'; // keccak256('transfer(address,uint256)')[0..4]

/** TRC20 transfer(address,uint256) call data → recipient (base58) and amount. */
export function decodeTrc20Transfer(dataHex: string): { to: string; amount: bigint } {
  const data = strip0x(dataHex).toLowerCase();
  if (!data.startsWith(TRANSFER_SELECTOR)) throw new Error('not a transfer(address,uint256) call');
  if (data.length !== 8 + 128) throw new Error(`transfer call data is ${data.length / 2} bytes, 68 expected`);
  const word1 = data.slice(8, 72);
  if (!/^0{24}/.test(word1)) throw new Error('address word has bits above 160');
  return { to: hexToBase58(`41${word1.slice(24)}`), amount: BigInt(`0x${data.slice(72)}`) };
}

/** Whether a 32-byte operations bitmap allows a contract type (bit n of byte n/8, as java-tron reads it). */
export function permissionAllows(operationsHex: string, contractType: string | number): boolean {
  const ops = fromHex(operationsHex);
  if (ops.length !== 32) throw new Error('operations must be 32 bytes');
  const code = typeof contractType === 'number' ? contractType : contractTypeCode(contractType);
  if (code === undefined || ContractTypeEnum.valuesById[code] === undefined) throw new Error('unknown type');
  return (ops[Math.floor(code / 8)]! & (1 << (code % 8))) !== 0;
}

export interface SignatureWeight {
  /** The recovered signer, or null when the signature does not recover. */
  address: string | null;
  weight: number;
  /** Why a signature counts 0. */
  reason?: 'duplicate' | 'not-in-permission' | 'unrecoverable';
}

/** Sums the permission weights of the distinct signers; duplicates and unknown keys count 0. */
export function weightOfSignatures(
  permission: Pick<PermissionJson, 'threshold' | 'keys'>,
  txIdHex: string,
  signatures: readonly string[],
): { signers: SignatureWeight[]; total: number; reached: boolean } {
  const weights = new Map(permission.keys.map((k) => [toBase58(k.address), k.weight]));
  const seen = new Set<string>();
  const signers = signatures.map((sig): SignatureWeight => {
    let address: string;
    try {
      address = recoverSigner(txIdHex, sig);
    } catch {
      return { address: null, weight: 0, reason: 'unrecoverable' };
    }
    if (seen.has(address)) return { address, weight: 0, reason: 'duplicate' };
    seen.add(address);
    const weight = weights.get(address);
    return weight === undefined ? { address, weight: 0, reason: 'not-in-permission' } : { address, weight };
  });
  const total = signers.reduce((sum, s) => sum + s.weight, 0);
  return { signers, total, reached: total >= permission.threshold };
}
