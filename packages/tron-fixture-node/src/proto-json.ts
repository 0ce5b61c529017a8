// Loads src/tron.proto with protobufjs and converts between protobuf messages and the JSON the Tron
// full node's HTTP API prints: proto field names as written (keepCase), bytes as hex, address
// fields as base58 (visible: true) or 41… hex (visible: false), enums by name, proto3 defaults
// (0, '', empty bytes, the enum's 0 value) left out, google.protobuf.Any as { type_url, value }.
import { readFileSync } from 'node:fs';
import protobuf from 'protobufjs';
import { addressToBytes, fromHex, hexToBase58, toHex } from './address.js';

const root = new protobuf.Root();
protobuf.parse(readFileSync(new URL('./tron.proto', import.meta.url), 'utf8'), root, { keepCase: true });
// google/protobuf/any.proto, message Any (https://github.com/protocolbuffers/protobuf).
protobuf.parse(
  'syntax = "proto3"; package google.protobuf; message Any { string type_url = 1; bytes value = 2; }',
  root,
  { keepCase: true },
);
root.resolveAll();

export const TransactionType = root.lookupType('protocol.Transaction');
export const RawType = root.lookupType('protocol.Transaction.raw');
export const ContractTypeEnum = root.lookupEnum('protocol.Transaction.Contract.ContractType');
export const PermissionType = root.lookupType('protocol.Permission');
export const { Reader, Writer } = protobuf;

const ANY = '.google.protobuf.Any';
const TYPE_URL_PREFIX = 'type.googleapis.com/';

export type Json = null | boolean | number | bigint | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

function isAddressField(name: string): boolean {
  return name === 'address' || name.endsWith('_address');
}

function typeOfUrl(typeUrl: string): protobuf.Type {
  if (!typeUrl.startsWith(TYPE_URL_PREFIX)) throw new Error(`unexpected type_url ${typeUrl}`);
  const type = root.lookup(typeUrl.slice(TYPE_URL_PREFIX.length));
  if (!(type instanceof protobuf.Type)) throw new Error(`unknown type_url ${typeUrl}`);
  return type;
}

function asObject(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Error(`${what}: object expected`);
  return value as Record<string, unknown>;
}

/** HTTP-API JSON → a plain object protobufjs can encode; defaults are dropped as Java's encoder does. */
export function jsonToMessage(type: protobuf.Type, json: unknown): Record<string, unknown> {
  const obj = asObject(json, type.name);
  if (type.fullName === ANY) {
    const typeUrl = String(obj.type_url);
    const inner = typeOfUrl(typeUrl);
    return { type_url: typeUrl, value: inner.encode(jsonToMessage(inner, obj.value)).finish() };
  }
  const out: Record<string, unknown> = {};
  for (const field of type.fieldsArray) {
    const value = obj[field.name];
    if (value === undefined || value === null) continue;
    if (field.repeated) {
      if (!Array.isArray(value)) throw new Error(`${type.name}.${field.name}: array expected`);
      const items = value.map((item) => fieldFromJson(field, item, true));
      if (items.length > 0) out[field.name] = items;
    } else {
      const converted = fieldFromJson(field, value, false);
      if (converted !== undefined) out[field.name] = converted;
    }
  }
  return out;
}

function fieldFromJson(field: protobuf.Field, value: unknown, keepDefault: boolean): unknown {
  const resolved = field.resolve().resolvedType;
  if (resolved instanceof protobuf.Type) return jsonToMessage(resolved, value);
  if (resolved instanceof protobuf.Enum) {
    const n = typeof value === 'number' ? value : resolved.values[String(value)];
    if (n === undefined) throw new Error(`${field.name}: unknown ${resolved.name} ${String(value)}`);
    return n === 0 && !keepDefault ? undefined : n;
  }
  switch (field.type) {
    case 'bytes': {
      const text = String(value);
      const bytes = isAddressField(field.name) && text !== '' ? addressToBytes(text) : fromHex(text);
      return bytes.length === 0 && !keepDefault ? undefined : bytes;
    }
    case 'string':
      return value === '' && !keepDefault ? undefined : String(value);
    case 'bool':
      return value === true || keepDefault ? Boolean(value) : undefined;
    case 'int64':
    case 'uint64':
    case 'sint64': {
      const n = BigInt(value as string | number | bigint);
      return n === 0n && !keepDefault ? undefined : n.toString();
    }
    default: {
      const n = Number(value);
      if (!Number.isInteger(n)) throw new Error(`${field.name}: integer expected`);
      return n === 0 && !keepDefault ? undefined : n;
    }
  }
}

export interface ToJsonOptions {
  /** true: addresses as base58 (T…); false: as 41… hex, like the node with visible=false. */
  visible: boolean;
}

function isDefault(value: unknown): boolean {
  if (value === undefined || value === null || value === '' || value === 0 || value === false) return true;
  if (value instanceof Uint8Array) return value.length === 0;
  if (Array.isArray(value)) return value.length === 0;
  if (isLong(value)) return value.toString() === '0';
  return false;
}

/** protobufjs decodes int64 to a Long (from the 'long' package); only its toString() is used here. */
function isLong(value: unknown): value is { low: number; high: number; toString(): string } {
  return typeof value === 'object' && value !== null && 'low' in value && 'high' in value;
}

/** A decoded protobufjs message → HTTP-API JSON (int64 as number, or bigint past 2^53). */
export function messageToJson(type: protobuf.Type, message: unknown, options: ToJsonOptions): JsonObject {
  const msg = asObject(message, type.name);
  if (type.fullName === ANY) {
    const typeUrl = String(msg.type_url);
    const inner = typeOfUrl(typeUrl);
    const value = msg.value instanceof Uint8Array ? msg.value : new Uint8Array();
    return { type_url: typeUrl, value: messageToJson(inner, inner.decode(value), options) };
  }
  const out: JsonObject = {};
  for (const field of type.fieldsArray) {
    const value = msg[field.name];
    if (isDefault(value)) continue;
    out[field.name] = field.repeated
      ? (value as unknown[]).map((item) => fieldToJson(field, item, options))
      : fieldToJson(field, value, options);
  }
  return out;
}

function fieldToJson(field: protobuf.Field, value: unknown, options: ToJsonOptions): Json {
  const resolved = field.resolve().resolvedType;
  if (resolved instanceof protobuf.Type) return messageToJson(resolved, value, options);
  if (resolved instanceof protobuf.Enum) return resolved.valuesById[value as number] ?? (value as number);
  if (value instanceof Uint8Array) {
    const isAddress = isAddressField(field.name) && value.length === 21 && value[0] === 0x41;
    return isAddress && options.visible ? hexToBase58(value) : toHex(value);
  }
  if (isLong(value)) return int64ToJson(BigInt(value.toString()));
  if (typeof value === 'number' && ['int64', 'uint64', 'sint64'].includes(field.type)) return value;
  return value as Json;
}

export function int64ToJson(n: bigint): number | bigint {
  return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n;
}

/** Field name of the contract enum value (1 → 'TransferContract'). */
export function contractTypeName(code: number): string | undefined {
  return ContractTypeEnum.valuesById[code];
}

export function contractTypeCode(name: string): number | undefined {
  return ContractTypeEnum.values[name];
}
