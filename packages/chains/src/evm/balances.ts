import { decodeFunctionResult, encodeFunctionData, type Address, type Hex } from 'viem';
import { ChainError } from '../errors';
import { NATIVE, type BalanceSheet, type TokenRef } from '../types';
import { erc20Abi, erc20Bytes32Abi, multicall3Abi } from './abi';
import { addressKey, normalizeEvmAddress } from './address';
import type { EvmContext } from './context';
import { rethrowTransport } from './rpc';

/** Calls per Multicall3 aggregate3 request: 500 balanceOf calls stay far below node gas caps. */
export const MULTICALL_CHUNK_SIZE = 500;
/** Chunks in flight at once: a node answers eth_calls one by one, so more only queue up and time out. */
export const MULTICALL_CONCURRENCY = 4;

export interface Call3 {
  target: Address;
  allowFailure: boolean;
  callData: Hex;
}

async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** One eth_call per chunk of MULTICALL_CHUNK_SIZE calls; failed calls come back as null. */
export async function aggregate(ctx: EvmContext, calls: Call3[]): Promise<(Hex | null)[]> {
  const chunks: Call3[][] = [];
  for (let i = 0; i < calls.length; i += MULTICALL_CHUNK_SIZE)
    chunks.push(calls.slice(i, i + MULTICALL_CHUNK_SIZE));
  const results = await mapLimited(chunks, MULTICALL_CONCURRENCY, async (chunk) => {
    try {
      const { data } = await ctx.client.call({
        to: ctx.contracts.multicall3,
        data: encodeFunctionData({ abi: multicall3Abi, functionName: 'aggregate3', args: [chunk] }),
      });
      if (!data) throw new ChainError('RPC_ERROR', `no Multicall3 at ${ctx.contracts.multicall3}`);
      return decodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', data });
    } catch (error) {
      rethrowTransport(error, 'multicall');
      if (error instanceof ChainError) throw error;
      throw new ChainError('RPC_ERROR', 'Multicall3 aggregate3 failed', { cause: error });
    }
  });
  return results.flat().map((r) => (r.success ? r.returnData : null));
}

function decodeUint(data: Hex | null): bigint | null {
  if (!data || data.length < 66) return null;
  try {
    return decodeFunctionResult({ abi: erc20Abi, functionName: 'balanceOf', data });
  } catch {
    return null;
  }
}

/**
 * Native and ERC-20 balances of every holder × token in ceil(holders × tokens / 500)
 * eth_calls. Holders are keyed by checksummed address, tokens by "native" or the lower-case
 * contract. A token call that fails (not a token, reverted) leaves that entry out.
 */
export async function getBalances(
  ctx: EvmContext,
  holders: string[],
  tokens: TokenRef[],
): Promise<BalanceSheet> {
  const { calls, sheet } = balanceCalls(ctx, holders, tokens);
  return sheet(calls.length ? await aggregate(ctx, calls) : []);
}

/** The Multicall3 calls of a balance sheet, and the sheet read from their results (to share an eth_call). */
export function balanceCalls(
  ctx: EvmContext,
  holders: string[],
  tokens: TokenRef[],
): { calls: Call3[]; sheet(results: (Hex | null)[]): BalanceSheet } {
  const holderList = [...new Set(holders.map((h) => normalizeEvmAddress(h)))];
  const tokenList = new Map<string, Address | null>();
  for (const token of tokens) {
    if (token.contract === null) tokenList.set(NATIVE, null);
    else tokenList.set(addressKey(normalizeEvmAddress(token.contract)), normalizeEvmAddress(token.contract));
  }
  const slots: { holder: Address; tokenKey: string }[] = [];
  const calls: Call3[] = [];
  for (const holder of holderList) {
    for (const [tokenKey, contract] of tokenList) {
      slots.push({ holder, tokenKey });
      calls.push(
        contract === null
          ? {
              target: ctx.contracts.multicall3,
              allowFailure: true,
              callData: encodeFunctionData({
                abi: multicall3Abi,
                functionName: 'getEthBalance',
                args: [holder],
              }),
            }
          : {
              target: contract,
              allowFailure: true,
              callData: encodeFunctionData({ abi: erc20Abi, functionName: 'balanceOf', args: [holder] }),
            },
      );
    }
  }
  return {
    calls,
    sheet(results) {
      const sheet: BalanceSheet = new Map(holderList.map((h) => [h, new Map<string, bigint>()]));
      results.forEach((data, i) => {
        const value = decodeUint(data);
        const slot = slots[i]!;
        if (value !== null) sheet.get(slot.holder)!.set(slot.tokenKey, value);
      });
      return sheet;
    },
  };
}

function decodeText(data: Hex | null, fn: 'name' | 'symbol'): string | null {
  if (!data || data === '0x') return null;
  try {
    return decodeFunctionResult({ abi: erc20Abi, functionName: fn, data });
  } catch {
    try {
      const raw = decodeFunctionResult({ abi: erc20Bytes32Abi, functionName: fn, data });
      return Buffer.from(raw.slice(2), 'hex').toString('utf8').replace(/\0+$/, '');
    } catch {
      return null;
    }
  }
}

/** symbol, decimals and name read from the contract in one request; TOKEN_NOT_FOUND otherwise. */
export async function readToken(
  ctx: EvmContext,
  contract: string,
): Promise<{ symbol: string; decimals: number; name: string }> {
  const address = normalizeEvmAddress(contract);
  const [symbolData, decimalsData, nameData] = await aggregate(
    ctx,
    (['symbol', 'decimals', 'name'] as const).map((functionName) => ({
      target: address,
      allowFailure: true,
      callData: encodeFunctionData({ abi: erc20Abi, functionName }),
    })),
  );
  const symbol = decodeText(symbolData ?? null, 'symbol')?.trim();
  const decimals = decodeUint(decimalsData ?? null);
  const name = decodeText(nameData ?? null, 'name')?.trim();
  if (!symbol || decimals === null || decimals > 255n) {
    throw new ChainError(
      'TOKEN_NOT_FOUND',
      `${address} does not answer symbol()/decimals() like an ERC-20 token`,
    );
  }
  return { symbol, decimals: Number(decimals), name: name || symbol };
}
