// Helpers for tests against the fixture node: JSON-RPC calls, control POSTs and transaction builders.
// Test-only.
import type { XrplFixtureNode } from './fixture-node.js';
import type { TxJson } from './independent.js';

export type Reply = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** POST {method, params: [params]} and return the reply's `result`. */
export async function rpc(
  node: Pick<XrplFixtureNode, 'url'>,
  method: string,
  params: object = {},
): Promise<Reply> {
  const res = await fetch(node.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ method, params: [params] }),
  });
  return ((await res.json()) as { result: Reply }).result;
}

export async function post(node: Pick<XrplFixtureNode, 'url'>, path: string, body: object): Promise<Reply> {
  const res = await fetch(node.url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { httpStatus: res.status, ...((await res.json()) as Reply) };
}

export const submit = (node: Pick<XrplFixtureNode, 'url'>, txBlob: string) =>
  rpc(node, 'submit', { tx_blob: txBlob });

/** The account's next Sequence, from account_info at the open ledger (as xrpl.js autofill reads it). */
export async function nextSequence(node: Pick<XrplFixtureNode, 'url'>, account: string): Promise<number> {
  return (await rpc(node, 'account_info', { account, ledger_index: 'current' })).account_data
    .Sequence as number;
}

export function xrpPayment(
  from: string,
  to: string,
  drops: number | string,
  sequence: number,
  extra: TxJson = {},
): TxJson {
  return {
    TransactionType: 'Payment',
    Account: from,
    Destination: to,
    Amount: String(drops),
    Fee: '12',
    Flags: 0,
    Sequence: sequence,
    ...extra,
  };
}
