// SYNTHETIC: JSON replies of the fixture node in the shapes the Tron full node's HTTP API documents
// (developers.tron.network, HTTP API): blocks, transactions, transaction infos, accounts. Addresses
// are base58 with visible=true and 41… hex otherwise, as on the real node; log addresses are always
// 20-byte hex without the 41 prefix, as the real node prints them.
import { toHex } from './address.js';
import { type FixtureAccount, type FixtureBlock, type FixtureChain, type StoredTx } from './fixture-chain.js';
import {
  base58ToHex,
  encodeRawData,
  rawDataToJson,
  txIdOf,
  type Json,
  type PermissionJson,
} from './independent.js';

/** A fixed, synthetic block producer address (41 ‖ 19 zero bytes ‖ 01). */
export const FIXTURE_WITNESS_HEX = '410000000000000000000000000000000000000001';

const BASE58 = /^T[1-9A-HJ-NP-Za-km-z]{33}$/;
const isAddressKey = (k: string) => k === 'address' || k.endsWith('_address');

/** Turns base58 address values into 41… hex when the caller did not ask for visible addresses. */
export function present<T>(value: T, visible: boolean): T {
  if (visible) return value;
  const walk = (v: unknown, key: string): unknown => {
    if (typeof v === 'string') return isAddressKey(key) && BASE58.test(v) ? base58ToHex(v) : v;
    if (Array.isArray(v)) return v.map((x) => walk(x, key));
    if (v && typeof v === 'object')
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    return v;
  };
  return walk(value, '') as T;
}

/** JSON.stringify that prints bigints as numbers (the node prints int64 as JSON numbers). */
export function stringify(value: unknown): string {
  return JSON.stringify(value, (_k, v) => (typeof v === 'bigint' ? Number(v) : v));
}

export const hexOfText = (s: string) => toHex(new TextEncoder().encode(s));

export function txJson(tx: StoredTx, visible: boolean, withVisible: boolean): Record<string, Json> {
  return {
    ...(withVisible ? { visible } : {}),
    txID: tx.txID,
    raw_data: rawDataToJson(tx.rawDataHex, visible),
    raw_data_hex: tx.rawDataHex,
    signature: tx.signatures,
    ret: [{ contractRet: tx.contractRet }],
  };
}

export function blockJson(b: FixtureBlock, visible: boolean, detail = true): Record<string, Json> {
  const out: Record<string, Json> = {
    blockID: b.blockID,
    block_header: {
      raw_data: {
        number: b.number,
        txTrieRoot: '0'.repeat(64),
        witness_address: FIXTURE_WITNESS_HEX,
        parentHash: b.parentHash,
        version: 31,
        timestamp: b.timestamp,
      },
      witness_signature: '00'.repeat(65),
    },
  };
  if (detail && b.txs.length > 0) out.transactions = b.txs.map((t) => txJson(t, visible, false));
  return out;
}

function permissionJson(p: PermissionJson): Record<string, Json> {
  // Java's JSON printer leaves out proto3 defaults: an owner permission has neither type nor id.
  const out: Record<string, Json> = {};
  if (p.type && p.type !== 'Owner') out.type = p.type;
  if (p.id) out.id = p.id;
  if (p.permission_name) out.permission_name = p.permission_name;
  out.threshold = p.threshold;
  if (p.operations) out.operations = p.operations;
  out.keys = p.keys.map((k) => ({ address: k.address, weight: k.weight }));
  return out;
}

export function accountJson(a: FixtureAccount): Record<string, Json> {
  return {
    address: a.address,
    ...(a.balance !== 0n ? { balance: a.balance } : {}),
    create_time: a.createTime,
    owner_permission: permissionJson(a.owner),
    active_permission: a.actives.map(permissionJson),
  };
}

export function accountResourceJson(chain: FixtureChain, a: FixtureAccount): Record<string, Json> {
  const used = chain.param('getFreeNetLimit') - chain.freeNetLeft(a, chain.head.timestamp);
  return {
    ...(used > 0 ? { freeNetUsed: used } : {}),
    freeNetLimit: chain.param('getFreeNetLimit'),
    TotalNetLimit: chain.param('getTotalNetLimit'),
    TotalNetWeight: 19_000_000_000, // SYNTHETIC
    TotalEnergyLimit: chain.param('getTotalEnergyLimit'),
    TotalEnergyWeight: 19_000_000_000, // SYNTHETIC
  };
}

/** An unsigned transaction as /wallet/triggersmartcontract returns it, referencing the head block. */
export function unsignedTx(
  chain: FixtureChain,
  type: string,
  value: Record<string, Json>,
  options: { feeLimit?: number; permissionId?: number; visible: boolean },
): Record<string, Json> {
  const head = chain.head;
  const raw: Record<string, Json> = {
    contract: [
      {
        parameter: { value, type_url: `type.googleapis.com/protocol.${type}` },
        type,
        ...(options.permissionId ? { Permission_id: options.permissionId } : {}),
      },
    ],
    ref_block_bytes: head.number.toString(16).padStart(16, '0').slice(-4),
    ref_block_hash: head.blockID.slice(16, 32),
    expiration: head.timestamp + 60_000,
    ...(options.feeLimit ? { fee_limit: options.feeLimit } : {}),
    timestamp: head.timestamp,
  };
  const rawDataHex = encodeRawData(raw);
  return {
    visible: options.visible,
    txID: txIdOf(rawDataHex),
    raw_data: rawDataToJson(rawDataHex, options.visible),
    raw_data_hex: rawDataHex,
  };
}
