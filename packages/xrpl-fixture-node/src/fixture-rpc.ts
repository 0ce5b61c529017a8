// Pieces every JSON-RPC method of the fixture node shares: rippled's error names, codes and messages
// (src/libxrpl/protocol/ErrorCodes.cpp and ErrorCodes.h), the ledger a request asks for
// (ledger_hash / ledger_index: 'current' | 'validated' | 'closed' | index) and the account parameter.
import type { ClosedLedger, FixtureLedger, LedgerState } from './fixture-ledger.js';
import { isClassicAddress } from './independent.js';

export type Params = Record<string, unknown>;
export type Json = Record<string, unknown>;

const ERRORS = {
  actNotFound: [19, 'Account not found.'],
  lgrNotFound: [21, 'Ledger not found.'],
  txnNotFound: [29, 'Transaction not found.'],
  invalidParams: [31, 'Invalid parameters.'],
  unknownCmd: [32, 'Unknown method.'],
  actMalformed: [35, 'Account malformed.'],
  notImpl: [74, 'Not implemented.'],
} as const;

export type RpcErrorName = keyof typeof ERRORS;

/** An error reply: { error, error_code, error_message, …extra } (status and request are added by the node). */
export class RpcError extends Error {
  constructor(
    readonly body: Json,
    message = String(body.error),
  ) {
    super(message);
  }
}

export function rpcError(name: RpcErrorName, message?: string, extra: Json = {}): RpcError {
  const [code, text] = ERRORS[name];
  return new RpcError({ error: name, error_code: code, error_message: message ?? text, ...extra });
}

/** rippled's submit answers a transaction that fails its local checks with this bare error. */
export const invalidTransaction = (exception: string) =>
  new RpcError({ error: 'invalidTransaction', error_exception: exception });

export type LedgerView =
  | { current: true; index: number; state: LedgerState; parentHash: string }
  | { current: false; ledger: ClosedLedger; state: LedgerState };

/** The ledger a request names; 'current' (the open ledger) when it names none. */
export function ledgerView(fixture: FixtureLedger, p: Params, fallback = 'current'): LedgerView {
  const current = (): LedgerView => ({
    current: true,
    index: fixture.openIndex,
    state: fixture.state,
    parentHash: fixture.validated.hash,
  });
  const closed = (ledger: ClosedLedger | undefined): LedgerView => {
    if (!ledger) throw rpcError('lgrNotFound', 'ledgerNotFound');
    return { current: false, ledger, state: ledger.state };
  };
  if (p.ledger_hash !== undefined) {
    const hash = String(p.ledger_hash).toUpperCase();
    return closed(fixture.closed.find((l) => l.hash === hash));
  }
  const selector = p.ledger_index ?? fallback;
  if (selector === 'current') return current();
  if (selector === 'validated' || selector === 'closed') return closed(fixture.validated);
  if (typeof selector === 'number' || /^\d+$/.test(String(selector))) {
    const index = Number(selector);
    return index === fixture.openIndex ? current() : closed(fixture.ledger(index));
  }
  throw rpcError('invalidParams', 'ledgerIndexMalformed');
}

/** The fields that say which ledger answered: ledger_current_index for the open one. */
export const viewFields = (view: LedgerView): Json =>
  view.current
    ? { ledger_current_index: view.index, validated: false }
    : { ledger_hash: view.ledger.hash, ledger_index: view.ledger.index, validated: true };

/** The request's classic address in `field` (default 'account'). */
export function accountParam(p: Params, field = 'account'): string {
  const value = p[field];
  if (value === undefined) throw rpcError('invalidParams', `Missing field '${field}'.`);
  if (!isClassicAddress(value)) throw rpcError('actMalformed');
  return value;
}

export const flag = (v: unknown): boolean => v === true || v === 'true';
