import { decodeEventLog, encodeEventTopics, getAddress, pad, type Address, type Hex, type Log } from 'viem';
import { ChainError } from '../errors';
import type { IncomingTransfer, TokenRef } from '../types';
import { erc20Abi, safeAbi } from './abi';
import { addressKey, addressKeys, normalizeEvmAddress } from './address';
import type { EvmContext } from './context';
import { rethrowTransport } from './rpc';

/** eth_getLogs windows: many providers cap a query at a few thousand blocks. */
export const LOG_BLOCK_RANGE = 2_000n;
/** Native transfers need one block request per block: keep a call's range bounded. */
export const MAX_NATIVE_SCAN_BLOCKS = 1_000n;
const BLOCK_CONCURRENCY = 16;

export async function inWindows<T>(
  from: bigint,
  to: bigint,
  size: bigint,
  fn: (a: bigint, b: bigint) => Promise<T[]>,
): Promise<T[]> {
  const out: T[] = [];
  for (let start = from; start <= to; start += size) {
    const end = start + size - 1n < to ? start + size - 1n : to;
    out.push(...(await fn(start, end)));
  }
  return out;
}

export async function getLogs(
  ctx: EvmContext,
  /** No `address`: logs of every contract. */
  params: { address?: Address[]; topics: (Hex | Hex[] | null)[]; fromBlock: bigint; toBlock: bigint },
) {
  try {
    return (await ctx.client.request({
      method: 'eth_getLogs',
      params: [
        {
          ...(params.address ? { address: params.address } : {}),
          topics: params.topics,
          fromBlock: `0x${params.fromBlock.toString(16)}`,
          toBlock: `0x${params.toBlock.toString(16)}`,
        },
      ],
    })) as Log<Hex, Hex, false>[];
  } catch (error) {
    rethrowTransport(error, 'eth_getLogs');
    throw new ChainError('RPC_ERROR', 'eth_getLogs failed', { cause: error });
  }
}

/**
 * Deposits to `addresses` in [fromBlock, toBlock]:
 * - ERC-20: Transfer logs of the given tokens whose `to` is watched (one eth_getLogs per
 *   LOG_BLOCK_RANGE window);
 * - native: top-level transactions to a watched address that succeeded (one block request
 *   per block plus one receipt per candidate), and Safe `SafeReceived` events of watched
 *   Safes (this also catches ETH a contract sends internally, which no block scan sees).
 *   For a (tx, Safe) pair with SafeReceived events the events are used, not the top-level tx.
 * Internal native transfers to an EOA (from a contract) are NOT seen (that needs tracing).
 */
export async function getTransfersTo(
  ctx: EvmContext,
  addresses: string[],
  tokens: TokenRef[],
  fromBlock: bigint,
  toBlock: bigint,
): Promise<IncomingTransfer[]> {
  if (fromBlock < 0n || toBlock < fromBlock) throw new ChainError('INVALID_ARGUMENT', 'invalid block range');
  const watched = addressKeys(addresses);
  if (watched.length === 0) return [];
  const watchedKeys = new Set<string>(watched);
  const tokenContracts = [
    ...new Set(tokens.filter((t) => t.contract !== null).map((t) => normalizeEvmAddress(t.contract!))),
  ];
  const wantNative = tokens.some((t) => t.contract === null);
  const out: IncomingTransfer[] = [];

  if (tokenContracts.length > 0) {
    const [transferTopic] = encodeEventTopics({ abi: erc20Abi, eventName: 'Transfer' });
    const toTopics = watched.map((a) => pad(a, { size: 32 }));
    const logs = await inWindows(fromBlock, toBlock, LOG_BLOCK_RANGE, (a, b) =>
      getLogs(ctx, {
        address: tokenContracts,
        topics: [transferTopic!, null, toTopics],
        fromBlock: a,
        toBlock: b,
      }),
    );
    for (const log of logs) {
      if (log.removed) continue;
      try {
        const { args } = decodeEventLog({
          abi: erc20Abi,
          eventName: 'Transfer',
          data: log.data,
          topics: log.topics as [Hex, ...Hex[]],
        });
        if (!watchedKeys.has(addressKey(args.to))) continue;
        out.push({
          txHash: log.transactionHash,
          from: getAddress(args.from),
          to: getAddress(args.to),
          token: getAddress(log.address),
          amount: args.value,
          blockNumber: BigInt(log.blockNumber),
          logIndex: Number(log.logIndex),
        });
      } catch {
        // A non-standard Transfer event (e.g. ERC-721 with an indexed id) is not a token deposit.
      }
    }
  }

  if (wantNative) {
    if (toBlock - fromBlock + 1n > MAX_NATIVE_SCAN_BLOCKS) {
      throw new ChainError(
        'INVALID_ARGUMENT',
        `scan at most ${MAX_NATIVE_SCAN_BLOCKS} blocks per call for native transfers`,
      );
    }
    const [receivedTopic] = encodeEventTopics({ abi: safeAbi, eventName: 'SafeReceived' });
    const safeLogs = await inWindows(fromBlock, toBlock, LOG_BLOCK_RANGE, (a, b) =>
      getLogs(ctx, { address: watched, topics: [receivedTopic!], fromBlock: a, toBlock: b }),
    );
    const viaEvent = new Set<string>();
    for (const log of safeLogs) {
      if (log.removed) continue;
      const { args } = decodeEventLog({
        abi: safeAbi,
        eventName: 'SafeReceived',
        data: log.data,
        topics: log.topics as [Hex, ...Hex[]],
      });
      if (args.value === 0n) continue;
      viaEvent.add(`${log.transactionHash}:${addressKey(log.address)}`);
      out.push({
        txHash: log.transactionHash,
        from: getAddress(args.sender),
        to: getAddress(log.address),
        token: null,
        amount: args.value,
        blockNumber: BigInt(log.blockNumber),
        logIndex: Number(log.logIndex),
      });
    }
    const numbers: bigint[] = [];
    for (let n = fromBlock; n <= toBlock; n++) numbers.push(n);
    const candidates: { hash: Hex; from: Address; to: Address; value: bigint; blockNumber: bigint }[] = [];
    for (let i = 0; i < numbers.length; i += BLOCK_CONCURRENCY) {
      const blocks = await Promise.all(
        numbers.slice(i, i + BLOCK_CONCURRENCY).map((blockNumber) =>
          ctx.client.getBlock({ blockNumber, includeTransactions: true }).catch((error: unknown) => {
            throw new ChainError('RPC_ERROR', `cannot read block ${blockNumber}`, { cause: error });
          }),
        ),
      );
      for (const block of blocks) {
        for (const tx of block.transactions) {
          if (!tx.to || tx.value === 0n || !watchedKeys.has(addressKey(tx.to))) continue;
          if (viaEvent.has(`${tx.hash}:${addressKey(tx.to)}`)) continue;
          candidates.push({
            hash: tx.hash,
            from: getAddress(tx.from),
            to: getAddress(tx.to),
            value: tx.value,
            blockNumber: block.number!,
          });
        }
      }
    }
    const receipts = await Promise.all(
      candidates.map((c) =>
        ctx.client.getTransactionReceipt({ hash: c.hash }).catch((error: unknown) => {
          throw new ChainError('RPC_ERROR', `cannot read receipt ${c.hash}`, { cause: error });
        }),
      ),
    );
    candidates.forEach((c, i) => {
      if (receipts[i]?.status !== 'success') return;
      out.push({
        txHash: c.hash,
        from: c.from,
        to: c.to,
        token: null,
        amount: c.value,
        blockNumber: c.blockNumber,
        logIndex: null,
      });
    });
  }

  return out.sort((a, b) =>
    a.blockNumber !== b.blockNumber
      ? a.blockNumber < b.blockNumber
        ? -1
        : 1
      : (a.logIndex ?? -1) - (b.logIndex ?? -1),
  );
}
