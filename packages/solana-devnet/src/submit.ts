// Sending and simulating transactions. Both run the real VM; sending also records what the
// transaction did (balances, token balances, fee, logs) the way a node's transaction meta shows it.
import type { VersionedTransaction } from '@solana/web3.js';
import { FailedTransactionMetadata, type TransactionMetadata } from 'litesvm';
import { accountEncoding, encodeAccount } from './accounts.js';
import { decodeBase58, encodeBase58 } from './base58.js';
import { decodeWire, type Chain, type WireTransaction } from './chain.js';
import { invalidParams, RpcError, txErrorJson, txErrorText, type TxErrorJson } from './errors.js';
import type { TxRecord } from './history.js';
import { tokenBalances, type VmAccount } from './tokens.js';

const COMPUTE_BUDGET_PROGRAM = 'ComputeBudget111111111111111111111111111111';
const SET_COMPUTE_UNIT_PRICE = 3;
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';

export function decodeTransaction(data: unknown, encoding: unknown = 'base58'): WireTransaction {
  if (typeof data !== 'string') throw invalidParams('the transaction must be a string');
  if (encoding !== 'base58' && encoding !== 'base64')
    throw invalidParams(`unsupported encoding: ${encoding}`);
  try {
    return decodeWire(
      encoding === 'base64' ? new Uint8Array(Buffer.from(data, 'base64')) : decodeBase58(data),
    );
  } catch {
    throw invalidParams('failed to deserialize the transaction');
  }
}

const signatureFailure = () => new RpcError(-32003, 'Transaction signature verification failure');

/**
 * The node's answer to a transaction the VM refused: -32003 for a bad or missing signature, else
 * -32002.
 */
function refusal(failed: FailedTransactionMetadata | 'unsigned'): RpcError {
  if (failed === 'unsigned') return signatureFailure();
  const err = txErrorJson(failed.err());
  if (err === 'SignatureFailure') return signatureFailure();
  const meta = failed.meta();
  return new RpcError(-32002, `Transaction simulation failed: ${txErrorText(err)}`, {
    accounts: null,
    err,
    innerInstructions: null,
    logs: meta.logs(),
    replacementBlockhash: null,
    returnData: null,
    unitsConsumed: Number(meta.computeUnitsConsumed()),
  });
}

/**
 * Applies the transaction and returns its signature. Unless `skipPreflight`, it is first simulated
 * and refused (changing nothing) if that fails, as a node's preflight does.
 */
export function submitTransaction(chain: Chain, wire: WireTransaction, skipPreflight = false) {
  const { raw, tx } = wire;
  if (!skipPreflight) {
    const trial = chain.execute(wire, 'simulate');
    if (trial === 'unsigned' || trial instanceof FailedTransactionMetadata) throw refusal(trial);
  }
  const { keys, writable, loaded } = chain.resolveKeys(tx);
  const read = (address: string) => chain.account(address);
  const preBalances = keys.map((k) => chain.balance(k));
  const preTokenBalances = tokenBalances(keys, read, chain.mintDecimals);

  const result = chain.execute(wire, 'send');
  if (result === 'unsigned') throw refusal(result);

  const postBalances = keys.map((k) => chain.balance(k));
  // Lamports only move between the transaction's accounts, so what they lost in all is the fee.
  const sum = (list: bigint[]) => list.reduce((a, b) => a + b, 0n);
  const fee = sum(preBalances) - sum(postBalances);
  const failed = result instanceof FailedTransactionMetadata;
  // Refused before execution (bad signature, unknown blockhash, no money for the fee): nothing
  // happened and a node would drop it. Failed while executing: it paid its fee and is on the
  // ledger with its error, as on a node with skipPreflight.
  if (failed && fee === 0n) throw refusal(result);
  const meta: TransactionMetadata = failed ? result.meta() : result;
  const err: TxErrorJson | null = failed ? txErrorJson(result.err()) : null;

  const record: TxRecord = {
    signature: encodeBase58(tx.signatures[0] as Uint8Array),
    slot: chain.slot,
    blockTime: chain.blockTime,
    raw,
    tx,
    keys,
    writable,
    loaded,
    computeUnitPrice: computeUnitPrice(tx, keys),
    memo: memos(tx, keys),
    meta: {
      err,
      fee: Number(fee),
      preBalances: preBalances.map(Number),
      postBalances: postBalances.map(Number),
      logMessages: meta.logs(),
      preTokenBalances,
      postTokenBalances: tokenBalances(keys, read, chain.mintDecimals),
      innerInstructions: innerInstructions(meta),
      computeUnitsConsumed: Number(meta.computeUnitsConsumed()),
    },
  };
  for (const key of keys) chain.known.add(key);
  chain.history.add(record);
  chain.advance();
  return record.signature;
}

/** simulateTransaction's value; sigVerify off and the blockhash kept unless the config says otherwise. */
export function simulateTransaction(chain: Chain, wire: WireTransaction, config: Record<string, unknown>) {
  const sigVerify = config.sigVerify === true;
  const replace = config.replaceRecentBlockhash === true;
  if (sigVerify && replace) throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
  let replacementBlockhash = null;
  if (replace) {
    wire.tx.message.recentBlockhash = chain.blockhash;
    wire = decodeWire(wire.tx.serialize()); // the same transaction (signatures too), on the new blockhash
    replacementBlockhash = { blockhash: chain.blockhash, lastValidBlockHeight: chain.lastValidBlockHeight() };
  }
  const result = chain.execute(wire, 'simulate', sigVerify);
  if (result === 'unsigned') throw refusal(result);
  const failed = result instanceof FailedTransactionMetadata;
  if (failed && txErrorJson(result.err()) === 'SignatureFailure') throw refusal(result);
  const meta = result.meta();

  let accounts = null;
  const wanted = config.accounts as { addresses?: string[]; encoding?: string } | undefined;
  if (wanted?.addresses) {
    const encoding = accountEncoding(wanted);
    const after = new Map<string, VmAccount>(
      failed ? [] : result.postAccounts().map((account) => [account.address, account]),
    );
    accounts = wanted.addresses.map((address) => {
      const account = after.get(address) ?? chain.account(address);
      return account && account.lamports > 0n ? encodeAccount(chain, address, account, encoding) : null;
    });
  }
  const returned = meta.returnData();
  return {
    err: failed ? txErrorJson(result.err()) : null,
    logs: meta.logs(),
    accounts,
    unitsConsumed: Number(meta.computeUnitsConsumed()),
    returnData:
      returned.data().length > 0
        ? {
            programId: encodeBase58(returned.programId()),
            data: [Buffer.from(returned.data()).toString('base64'), 'base64'],
          }
        : null,
    innerInstructions: null,
    replacementBlockhash,
  };
}

function innerInstructions(meta: TransactionMetadata) {
  return meta
    .innerInstructions()
    .map((list, index) => ({
      index,
      instructions: list.map((inner) => {
        const ix = inner.instruction();
        return {
          programIdIndex: ix.programIdIndex(),
          accounts: [...ix.accounts()],
          data: encodeBase58(ix.data()),
          stackHeight: inner.stackHeight(),
        };
      }),
    }))
    .filter((entry) => entry.instructions.length > 0);
}

/** The price set by the transaction's ComputeBudget SetComputeUnitPrice instruction, else 0. */
function computeUnitPrice(tx: VersionedTransaction, keys: string[]): number {
  for (const ix of tx.message.compiledInstructions) {
    if (keys[ix.programIdIndex] !== COMPUTE_BUDGET_PROGRAM) continue;
    if (ix.data[0] === SET_COMPUTE_UNIT_PRICE && ix.data.length >= 9) {
      return Number(Buffer.from(ix.data).readBigUInt64LE(1));
    }
  }
  return 0;
}

function memos(tx: VersionedTransaction, keys: string[]): string | null {
  const texts = tx.message.compiledInstructions
    .filter((ix) => keys[ix.programIdIndex] === MEMO_PROGRAM)
    .map((ix) => `[${ix.data.length}] ${Buffer.from(ix.data).toString('utf8')}`);
  return texts.length > 0 ? texts.join('; ') : null;
}
