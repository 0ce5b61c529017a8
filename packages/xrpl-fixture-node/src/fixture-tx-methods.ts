// SYNTHETIC: the fixture node's transaction methods (submit, submit_multisigned, tx, account_tx) in
// rippled's API v1 reply shapes. Submissions go through fixture-engine.ts; lookups read the
// fixture's stored transactions. Marker paging of account_tx uses rippled's { ledger, seq } marker.
import type { SubmitOutcome } from './fixture-engine.js';
import type { FixtureLedger, StoredTx } from './fixture-ledger.js';
import type { Method } from './fixture-read-methods.js';
import { accountTxEntryJson, txMethodJson } from './fixture-replies.js';
import { accountParam, flag, invalidTransaction, rpcError, type Json, type Params } from './fixture-rpc.js';
import { compareAccounts, encodeTx, signersOf, type TxJson } from './independent.js';
import { resultCode, resultMessage, submitFlags } from './results.js';

export const DEFAULT_ACCOUNT_TX_LIMIT = 200;

export function txMethods(
  fixture: FixtureLedger,
  submit: (blob: string) => SubmitOutcome,
): Record<string, Method> {
  /** The submit reply; validated_ledger_index is the one before an automatic close. */
  const submitReply = (blob: string, onInvalid: (exception: string) => Json): Json => {
    const validatedBefore = fixture.validated.index;
    const outcome = submit(blob);
    if (outcome.kind === 'invalid') return onInvalid(outcome.exception);
    const account = fixture.account(String(outcome.tx.Account));
    return {
      ...submitFlags(outcome.result),
      ...(account
        ? { account_sequence_available: account.sequence, account_sequence_next: account.sequence }
        : {}),
      engine_result: outcome.result,
      engine_result_code: resultCode(outcome.result),
      engine_result_message: resultMessage(outcome.result),
      open_ledger_cost: String(fixture.fees.baseFee),
      tx_blob: outcome.blob,
      tx_json: { ...outcome.tx, hash: outcome.hash },
      validated_ledger_index: validatedBefore,
    };
  };

  const validatedTxs = function* (min: number, max: number, forward: boolean): Generator<StoredTx> {
    for (let i = forward ? min : max; forward ? i <= max : i >= min; i += forward ? 1 : -1) {
      const txs = fixture.ledger(i)?.txs ?? [];
      yield* forward ? txs : [...txs].reverse();
    }
  };

  return {
    submit: (p) => {
      const blob = p.tx_blob;
      if (typeof blob !== 'string' || !/^([0-9A-Fa-f]{2})+$/.test(blob)) throw rpcError('invalidParams');
      return submitReply(blob, (exception) => {
        throw invalidTransaction(exception);
      });
    },
    // Like rippled, submit_multisigned sorts the Signers itself; a bad signature found by the local
    // checks comes back as the engine result temBAD_SIGNATURE (NetworkOPs marks the transaction bad).
    submit_multisigned: (p) => {
      const json = p.tx_json as TxJson | undefined;
      if (typeof json !== 'object' || json === null)
        throw rpcError('invalidParams', "Missing field 'tx_json'.");
      const { hash: _ignored, ...tx } = json;
      if (tx.SigningPubKey !== undefined && tx.SigningPubKey !== '') {
        throw rpcError('invalidParams', "When multi-signing 'tx_json.SigningPubKey' must be empty.");
      }
      const signers = [...((tx.Signers as { Signer: { Account: string } }[] | undefined) ?? [])];
      const accounts = signersOf(tx).map((s) => s.Account);
      if (new Set(accounts).size !== accounts.length) throw rpcError('invalidParams', 'Duplicate Signers.');
      signers.sort((a, b) => compareAccounts(a.Signer.Account, b.Signer.Account));
      let blob: string;
      try {
        blob = encodeTx({ ...tx, SigningPubKey: '', Signers: signers });
      } catch (e) {
        throw rpcError('invalidParams', (e as Error).message);
      }
      return submitReply(blob, () => ({
        ...submitFlags('temBAD_SIGNATURE'),
        engine_result: 'temBAD_SIGNATURE',
        engine_result_code: resultCode('temBAD_SIGNATURE'),
        engine_result_message: resultMessage('temBAD_SIGNATURE'),
        tx_blob: blob,
        tx_json: tx,
      }));
    },
    tx: (p) => {
      const hash = String(p.transaction ?? '').toUpperCase();
      if (!/^[0-9A-F]{64}$/.test(hash)) throw rpcError('notImpl');
      const stored = fixture.txs.get(hash);
      if (stored) return txMethodJson(fixture, stored);
      // rippled says whether it looked at every ledger only when asked about a range.
      if (p.min_ledger === undefined || p.max_ledger === undefined) throw rpcError('txnNotFound');
      const all =
        Number(p.min_ledger) >= fixture.startLedger && Number(p.max_ledger) <= fixture.validated.index;
      throw rpcError('txnNotFound', undefined, { searched_all: all });
    },
    account_tx: (p: Params) => {
      const account = accountParam(p);
      const asked = (v: unknown, fallback: number) =>
        v === undefined || Number(v) === -1 ? fallback : Number(v);
      const min = Math.max(asked(p.ledger_index_min, fixture.startLedger), fixture.startLedger);
      const max = Math.min(asked(p.ledger_index_max, fixture.validated.index), fixture.validated.index);
      if (!Number.isInteger(min) || !Number.isInteger(max) || max < min) throw rpcError('invalidParams');
      const limit = p.limit === undefined ? DEFAULT_ACCOUNT_TX_LIMIT : Number(p.limit);
      if (!Number.isInteger(limit) || limit < 1) throw rpcError('invalidParams', "Invalid field 'limit'.");
      const forward = flag(p.forward);
      const mine = [...validatedTxs(min, max, forward)].filter((t) => t.touches.includes(account));
      let start = 0;
      if (p.marker !== undefined) {
        const m = p.marker as { ledger?: unknown; seq?: unknown };
        start = mine.findIndex((t) => t.ledgerIndex === Number(m?.ledger) && t.txIndex === Number(m?.seq));
        if (start < 0) throw rpcError('invalidParams', 'Invalid marker.');
      }
      const page = mine.slice(start, start + limit);
      const next = mine[start + limit];
      return {
        account,
        ledger_index_min: min,
        ledger_index_max: max,
        limit,
        ...(next ? { marker: { ledger: next.ledgerIndex, seq: next.txIndex } } : {}),
        transactions: page.map((t) => accountTxEntryJson(fixture, t)),
        validated: true,
      };
    },
  };
}
