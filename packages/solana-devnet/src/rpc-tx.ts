// The transaction methods: send, simulate, fees, and the history (statuses, transactions,
// signatures for an address, prioritization fees).
import { VersionedMessage } from '@solana/web3.js';
import { encodeBase58 } from './base58.js';
import { MAX_PROCESSING_AGE, type Chain } from './chain.js';
import { invalidParams, RpcError } from './errors.js';
import type { Fixtures } from './fixtures.js';
import type { TxRecord } from './history.js';
import { addressParam, configParam, withContext, type Method } from './rpc.js';
import { decodeTransaction, simulateTransaction, submitTransaction } from './submit.js';

const LAMPORTS_PER_SIGNATURE = 5000;

export function txMethods(chain: Chain, fixtures: Fixtures): Record<string, Method> {
  return {
    sendTransaction: (p) => {
      const config = configParam(p, 1);
      return submitTransaction(
        chain,
        decodeTransaction(p[0], config.encoding),
        config.skipPreflight === true,
      );
    },
    simulateTransaction: (p) => {
      const config = configParam(p, 1);
      return withContext(chain, simulateTransaction(chain, decodeTransaction(p[0], config.encoding), config));
    },
    requestAirdrop: (p) => {
      if (!Number.isSafeInteger(p[1])) throw invalidParams('invalid lamports');
      return fixtures.airdrop(addressParam(p), BigInt(p[1] as number));
    },
    // The base fee only (5000 lamports a signature); null once the message's blockhash expired.
    getFeeForMessage: ([message]) => {
      let parsed: VersionedMessage;
      try {
        parsed = VersionedMessage.deserialize(Buffer.from(String(message), 'base64'));
      } catch {
        throw invalidParams('failed to deserialize the message');
      }
      const valid = chain.isBlockhashValid(parsed.recentBlockhash);
      return withContext(chain, valid ? parsed.header.numRequiredSignatures * LAMPORTS_PER_SIGNATURE : null);
    },
    getRecentPrioritizationFees: ([addresses]) => {
      const list = Array.isArray(addresses) ? addresses.map((_, i) => addressParam(addresses, i)) : [];
      return chain.history.prioritizationFees(chain.slot - MAX_PROCESSING_AGE, list);
    },

    getSignatureStatuses: ([signatures]) => {
      if (!Array.isArray(signatures)) throw invalidParams('expected an array of signatures');
      const statuses = signatures.map((signature) => {
        const record = chain.history.get(String(signature));
        if (!record) return null;
        const err = record.meta.err;
        return {
          slot: record.slot,
          confirmations: null,
          err,
          status: err === null ? { Ok: null } : { Err: err },
          confirmationStatus: 'finalized',
        };
      });
      return withContext(chain, statuses);
    },
    getTransaction: (p) => {
      const record = chain.history.get(String(p[0]));
      // The second parameter is a config object, or (older clients) the encoding alone.
      const config = typeof p[1] === 'string' ? { encoding: p[1] } : configParam(p, 1);
      return record ? transactionJson(record, config) : null;
    },
    getSignaturesForAddress: (p) => {
      const address = addressParam(p);
      const config = configParam(p, 1);
      const limit = config.limit === undefined ? 1000 : Number(config.limit);
      if (!Number.isInteger(limit) || limit < 1 || limit > 1000)
        throw invalidParams('Invalid limit; max 1000');
      const before = typeof config.before === 'string' ? config.before : undefined;
      const until = typeof config.until === 'string' ? config.until : undefined;
      return chain.history.signaturesFor(address, { before, until, limit }).map((record) => ({
        signature: record.signature,
        slot: record.slot,
        err: record.meta.err,
        memo: record.memo,
        blockTime: record.blockTime,
        confirmationStatus: 'finalized',
      }));
    },
  };
}

/** getTransaction's reply in the encodings json, jsonParsed (instructions left undecoded) and base64/58. */
function transactionJson(record: TxRecord, config: Record<string, unknown>) {
  const { tx } = record;
  const maxVersion = config.maxSupportedTransactionVersion;
  if (tx.version === 0 && maxVersion === undefined) {
    throw new RpcError(
      -32015,
      'Transaction version (0) is not supported by the requesting client. Please try the request again ' +
        'with the following configuration parameter: "maxSupportedTransactionVersion": 0',
    );
  }
  const encoding = String(config.encoding ?? 'json');
  const message = tx.message;
  const lookups = message.version === 0 ? message.addressTableLookups : [];
  const tableLookups = lookups.map((l) => ({
    accountKey: l.accountKey.toBase58(),
    writableIndexes: l.writableIndexes,
    readonlyIndexes: l.readonlyIndexes,
  }));
  const signatures = tx.signatures.map((s) => encodeBase58(s));
  let transaction: unknown;
  let innerInstructions: unknown = record.meta.innerInstructions;
  if (encoding === 'json') {
    transaction = {
      signatures,
      message: {
        accountKeys: message.staticAccountKeys.map((k) => k.toBase58()),
        header: message.header,
        instructions: message.compiledInstructions.map((ix) => ({
          programIdIndex: ix.programIdIndex,
          accounts: ix.accountKeyIndexes,
          data: encodeBase58(ix.data),
          stackHeight: null,
        })),
        recentBlockhash: message.recentBlockhash,
        ...(message.version === 0 ? { addressTableLookups: tableLookups } : {}),
      },
    };
  } else if (encoding === 'jsonParsed') {
    const staticCount = message.staticAccountKeys.length;
    type Compiled = { programIdIndex: number; accounts: number[]; data: string; stackHeight?: number };
    const decoded = (ix: Compiled) => ({
      programId: record.keys[ix.programIdIndex],
      accounts: ix.accounts.map((i) => record.keys[i]),
      data: ix.data,
      stackHeight: ix.stackHeight ?? null,
    });
    transaction = {
      signatures,
      message: {
        accountKeys: record.keys.map((pubkey, i) => ({
          pubkey,
          signer: message.isAccountSigner(i),
          writable: message.isAccountWritable(i),
          source: i < staticCount ? 'transaction' : 'lookupTable',
        })),
        instructions: message.compiledInstructions.map((ix) =>
          decoded({
            programIdIndex: ix.programIdIndex,
            accounts: ix.accountKeyIndexes,
            data: encodeBase58(ix.data),
          }),
        ),
        recentBlockhash: message.recentBlockhash,
        ...(message.version === 0 ? { addressTableLookups: tableLookups } : {}),
      },
    };
    innerInstructions = record.meta.innerInstructions.map(({ index, instructions }) => ({
      index,
      instructions: (instructions as Compiled[]).map(decoded),
    }));
  } else if (encoding === 'base64' || encoding === 'base58') {
    const text =
      encoding === 'base64' ? Buffer.from(record.raw).toString('base64') : encodeBase58(record.raw);
    transaction = [text, encoding];
  } else {
    throw invalidParams(`unsupported encoding: ${encoding}`);
  }
  const { err } = record.meta;
  return {
    slot: record.slot,
    blockTime: record.blockTime,
    transaction,
    meta: {
      ...record.meta,
      innerInstructions,
      status: err === null ? { Ok: null } : { Err: err },
      rewards: [],
      loadedAddresses: record.loaded,
    },
    ...(maxVersion === undefined ? {} : { version: tx.version }),
  };
}
