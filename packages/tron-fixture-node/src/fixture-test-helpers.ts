// Helpers for tests against the fixture node: JSON POSTs and raw_data builders. Test-only.
import type { TronFixtureNode } from './fixture-node.js';
import type { Json } from './independent.js';

export type Reply = Record<string, Json> & Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export async function post(
  node: Pick<TronFixtureNode, 'url'>,
  path: string,
  body: unknown = {},
  headers: Record<string, string> = {},
): Promise<Reply> {
  const res = await fetch(node.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Reply;
}

export const textOfHex = (hex: string) => Buffer.from(hex, 'hex').toString('utf8');

export interface Refs {
  ref_block_bytes: string;
  ref_block_hash: string;
  expiration: number;
  timestamp: number;
}

/** TaPoS fields from the node's head block, expiring 60 s later (as tronweb sets them). */
export async function headRefs(node: Pick<TronFixtureNode, 'url'>): Promise<Refs> {
  const b = await post(node, '/wallet/getnowblock');
  const { number, timestamp } = b.block_header.raw_data as { number: number; timestamp: number };
  return {
    ref_block_bytes: number.toString(16).padStart(4, '0').slice(-4),
    ref_block_hash: String(b.blockID).slice(16, 32),
    expiration: timestamp + 60_000,
    timestamp,
  };
}

function contract(type: string, value: Record<string, Json>, permissionId = 0) {
  return {
    parameter: { value, type_url: `type.googleapis.com/protocol.${type}` },
    type,
    ...(permissionId ? { Permission_id: permissionId } : {}),
  };
}

export function transferRaw(refs: Refs, from: string, to: string, amount: number, permissionId = 0) {
  return {
    ...refs,
    contract: [contract('TransferContract', { owner_address: from, to_address: to, amount }, permissionId)],
  };
}

export function permissionUpdateRaw(refs: Refs, owner: string, ownerPermission: Json, actives: Json[]) {
  return {
    ...refs,
    contract: [
      contract('AccountPermissionUpdateContract', { owner_address: owner, owner: ownerPermission, actives }),
    ],
  };
}
