import {
  decodeEventLog,
  decodeFunctionResult,
  encodeEventTopics,
  encodeFunctionData,
  getAddress,
  maxUint256,
  pad,
  type Hex,
} from 'viem';
import { ChainError } from '../errors';
import { erc20Abi } from './abi';
import { addressKey, addressKeys, normalizeEvmAddress } from './address';
import { aggregate } from './balances';
import type { EvmContext } from './context';
import { getLogs, inWindows, LOG_BLOCK_RANGE } from './transfers';

/** An ERC-20 Approval event an owner emitted: who may spend which token. */
export interface ApprovalSeen {
  owner: string;
  token: string;
  spender: string;
  value: bigint;
  txHash: string;
  blockNumber: bigint;
  logIndex: number;
}

/** An allowance to read: `owner` lets `spender` move `token`. */
export interface AllowanceRef {
  owner: string;
  token: string;
  spender: string;
}

/**
 * ERC-20 Approval events whose owner is one of `owners` in [fromBlock, toBlock], from any
 * contract (a Safe may approve any token); one eth_getLogs per LOG_BLOCK_RANGE window. ERC-721
 * shares the event's signature but indexes its third field (four topics): those are left out.
 */
export async function getApprovalsBy(
  ctx: EvmContext,
  owners: string[],
  fromBlock: bigint,
  toBlock: bigint,
): Promise<ApprovalSeen[]> {
  if (fromBlock < 0n || toBlock < fromBlock) throw new ChainError('INVALID_ARGUMENT', 'invalid block range');
  const watched = addressKeys(owners);
  if (watched.length === 0) return [];
  const [approvalTopic] = encodeEventTopics({ abi: erc20Abi, eventName: 'Approval' });
  const ownerTopics = watched.map((a) => pad(a, { size: 32 }));
  const logs = await inWindows(fromBlock, toBlock, LOG_BLOCK_RANGE, (a, b) =>
    getLogs(ctx, { topics: [approvalTopic!, ownerTopics], fromBlock: a, toBlock: b }),
  );
  const out: ApprovalSeen[] = [];
  for (const log of logs) {
    if (log.removed || log.topics.length !== 3) continue;
    try {
      const { args } = decodeEventLog({
        abi: erc20Abi,
        eventName: 'Approval',
        data: log.data,
        topics: log.topics as [Hex, ...Hex[]],
      });
      out.push({
        owner: getAddress(args.owner),
        token: getAddress(log.address),
        spender: getAddress(args.spender),
        value: args.value,
        txHash: log.transactionHash,
        blockNumber: BigInt(log.blockNumber),
        logIndex: Number(log.logIndex),
      });
    } catch {
      // Not an ERC-20 Approval after all (its data does not decode): nothing to list.
    }
  }
  return out;
}

/**
 * allowance(owner, spender) of each ref, in as many Multicall3 eth_calls as balances take; null
 * where the contract does not answer like an ERC-20.
 */
export async function readAllowances(ctx: EvmContext, refs: AllowanceRef[]): Promise<(bigint | null)[]> {
  if (refs.length === 0) return [];
  const results = await aggregate(
    ctx,
    refs.map((ref) => ({
      target: normalizeEvmAddress(ref.token),
      allowFailure: true,
      callData: encodeFunctionData({
        abi: erc20Abi,
        functionName: 'allowance',
        args: [normalizeEvmAddress(ref.owner), normalizeEvmAddress(ref.spender)],
      }),
    })),
  );
  return results.map((data) => {
    if (!data || data.length < 66) return null;
    try {
      return decodeFunctionResult({ abi: erc20Abi, functionName: 'allowance', data });
    } catch {
      return null;
    }
  });
}

/** The call data of approve(spender, amount): 0 cancels an approval. */
export function approveCallData(spender: string, amount: bigint): Hex {
  return encodeFunctionData({
    abi: erc20Abi,
    functionName: 'approve',
    args: [normalizeEvmAddress(spender), amount],
  });
}

/** Tokens treat the largest uint256 as "unlimited": spending never lowers it. */
export const isUnlimitedAllowance = (value: bigint) => value === maxUint256;

/** One key per (owner, token, spender), for de-duplicating what the logs repeat. */
export const approvalKey = (ref: AllowanceRef) =>
  `${addressKey(ref.owner)}:${addressKey(ref.token)}:${addressKey(ref.spender)}`;
