import { decodeAbiParameters, encodeFunctionData, erc20Abi } from 'viem';
import { utils } from 'tronweb';
import { ChainError, isChainError } from '../errors';
import {
  NATIVE,
  type BalanceSheet,
  type ChainAdapter,
  type ChainInfo,
  type ConfirmationStatus,
  type FeeTiers,
  type TokenRef,
} from '../types';
import { isTronAddress, tronBase58, tronEvmWord } from './address';
import type { ChainPermission } from './permissions';
import { createTronRpc, type TronRpc } from './rpc';

/**
 * What the product assumes when no node answers (spec §9: activation 200 TRX, permission update
 * 100 TRX); a node's /wallet/getchainparameters replaces every one it names.
 */
export const DEFAULT_CHAIN_PARAMETERS: Readonly<Record<string, number>> = {
  getEnergyFee: 210,
  getTransactionFee: 1000,
  getCreateAccountFee: 100_000,
  getCreateNewAccountFeeInSystemContract: 1_000_000,
  getUpdateAccountPermissionFee: 100_000_000,
  getMultiSignFee: 1_000_000,
  getFreeNetLimit: 600,
};

export interface TronAccount {
  address: string;
  /** False until the account is activated (it has received TRX). */
  exists: boolean;
  balance: bigint;
  owner?: ChainPermission;
  actives: ChainPermission[];
}

export interface TronBlock {
  blockID: string;
  number: number;
  timestamp: number;
}

export interface TronAdapter extends ChainAdapter {
  readonly rpc: TronRpc;
  account(address: string): Promise<TronAccount>;
  chainParameters(): Promise<Record<string, number>>;
  headBlock(): Promise<TronBlock>;
  /** Free bandwidth left today (bytes), which pays transaction bytes before TRX is burned. */
  freeBandwidth(address: string): Promise<number>;
  trc20Balance(contract: string, holder: string): Promise<bigint>;
  tokenInfo(contract: string): Promise<{ symbol: string; decimals: number; name: string }>;
  /** Energy a TRC20 call needs, by the node's dry run; refused (REJECTED) when it would revert. */
  estimateEnergy(from: string, contract: string, data: string): Promise<number>;
}

interface BlockReply {
  blockID?: string;
  block_header?: { raw_data?: { number?: number; timestamp?: number } };
}

const hexText = (value: string): string =>
  /^[0-9a-fA-F]+$/.test(value) && value.length % 2 === 0 ? Buffer.from(value, 'hex').toString('utf8') : value;

export function createTronAdapter(options: {
  info: ChainInfo;
  rpcUrl: string;
  apiKey?: string;
}): TronAdapter {
  const { info } = options;
  const rpc = createTronRpc(options.rpcUrl, options.apiKey);

  const blockOf = (reply: BlockReply): TronBlock => {
    const raw = reply.block_header?.raw_data;
    if (!reply.blockID || raw?.number === undefined) throw new ChainError('RPC_ERROR', 'tron: no block');
    return { blockID: reply.blockID, number: raw.number, timestamp: raw.timestamp ?? 0 };
  };
  const headBlock = async () => blockOf(await rpc<BlockReply>('/wallet/getnowblock'));

  const constantCall = async (contract: string, data: string, owner?: string) => {
    const reply = await rpc<{
      constant_result?: string[];
      energy_used?: number;
      result?: { result?: boolean; message?: string };
    }>('/wallet/triggerconstantcontract', {
      owner_address: owner ?? contract,
      contract_address: contract,
      data: data.replace(/^0x/, ''),
      visible: true,
    });
    if (!reply.result?.result || !reply.constant_result?.[0])
      throw new ChainError(
        'TOKEN_NOT_FOUND',
        `tron: ${contract} call failed ${hexText(reply.result?.message ?? '')}`,
      );
    return { result: `0x${reply.constant_result[0]}` as `0x${string}`, energy: reply.energy_used ?? 0 };
  };

  const adapter: TronAdapter = {
    info,
    rpc,
    isValidAddress: isTronAddress,
    normalizeAddress(address) {
      if (!isTronAddress(address)) throw new ChainError('INVALID_ADDRESS', `not a Tron address: ${address}`);
      return address;
    },
    async account(address) {
      const reply = await rpc<{
        address?: string;
        balance?: number;
        owner_permission?: ChainPermission;
        active_permission?: ChainPermission[];
      }>('/wallet/getaccount', { address: tronBase58(address), visible: true });
      return {
        address: tronBase58(address),
        exists: Boolean(reply.address),
        balance: BigInt(reply.balance ?? 0),
        ...(reply.owner_permission ? { owner: reply.owner_permission } : {}),
        actives: reply.active_permission ?? [],
      };
    },
    async chainParameters() {
      const reply = await rpc<{ chainParameter?: { key: string; value?: number }[] }>(
        '/wallet/getchainparameters',
      );
      const params = { ...DEFAULT_CHAIN_PARAMETERS };
      for (const p of reply.chainParameter ?? []) params[p.key] = Number(p.value ?? 0);
      return params;
    },
    headBlock,
    async freeBandwidth(address) {
      const reply = await rpc<{ freeNetLimit?: number; freeNetUsed?: number }>('/wallet/getaccountresource', {
        address: tronBase58(address),
        visible: true,
      });
      return Math.max(0, (reply.freeNetLimit ?? 0) - (reply.freeNetUsed ?? 0));
    },
    async trc20Balance(contract, holder) {
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [tronEvmWord(holder)],
      });
      const { result } = await constantCall(contract, data);
      return decodeAbiParameters([{ type: 'uint256' }], result)[0];
    },
    async tokenInfo(contract) {
      const read = async (functionName: 'symbol' | 'decimals' | 'name') =>
        (await constantCall(contract, encodeFunctionData({ abi: erc20Abi, functionName }))).result;
      const [symbol, decimals, name] = await Promise.all([read('symbol'), read('decimals'), read('name')]);
      return {
        symbol: decodeAbiParameters([{ type: 'string' }], symbol)[0],
        decimals: Number(decodeAbiParameters([{ type: 'uint8' }], decimals)[0]),
        name: decodeAbiParameters([{ type: 'string' }], name)[0],
      };
    },
    async estimateEnergy(from, contract, data) {
      try {
        const reply = await rpc<{
          energy_required?: number;
          result?: { result?: boolean; message?: string };
        }>('/wallet/estimateenergy', {
          owner_address: from,
          contract_address: contract,
          data: data.replace(/^0x/, ''),
          visible: true,
        });
        if (reply.result?.result && reply.energy_required) return reply.energy_required;
      } catch {
        // Nodes without estimateenergy (vm.estimateEnergy off): the dry run's energy_used below.
      }
      const dryRun = await constantCall(contract, data, from).catch(() => {
        throw new ChainError('INVALID_ARGUMENT', 'tron: the token transfer would revert');
      });
      if (BigInt(dryRun.result) !== 1n)
        throw new ChainError('INVALID_ARGUMENT', 'tron: the token transfer returns false');
      return dryRun.energy;
    },
    async getBalances(holders, tokens: TokenRef[]): Promise<BalanceSheet> {
      const sheet: BalanceSheet = new Map();
      await Promise.all(
        holders.map(async (holder) => {
          const row = new Map<string, bigint>();
          row.set(NATIVE, (await adapter.account(holder)).balance);
          for (const token of tokens) {
            if (!token.contract) continue;
            // Keyed like every family: the contract lower-cased. A token that does not answer
            // (no contract at that address on this network) is left out, not the whole sheet.
            const balance = await adapter.trc20Balance(token.contract, holder).catch((error: unknown) => {
              if (isChainError(error, 'TOKEN_NOT_FOUND')) return null;
              throw error;
            });
            if (balance !== null) row.set(token.contract.toLowerCase(), balance);
          }
          sheet.set(holder, row);
        }),
      );
      return sheet;
    },
    async getFeeTiers(): Promise<FeeTiers> {
      // Tron has no fee market: energy and bandwidth prices are chain parameters.
      const params = await adapter.chainParameters();
      const quote = { sunPerEnergy: params.getEnergyFee!, sunPerByte: params.getTransactionFee! };
      return { unit: 'energy', tiers: { slow: quote, standard: quote, fast: quote } };
    },
    async broadcast(raw) {
      const reply = await rpc<{ result?: boolean; txid?: string; code?: string; message?: string }>(
        '/wallet/broadcasthex',
        {
          transaction: raw.replace(/^0x/, ''),
        },
      );
      if (reply.result && reply.txid) return reply.txid;
      const message = hexText(reply.message ?? '');
      if (reply.code === 'DUP_TRANSACTION_ERROR') throw new ChainError('ALREADY_KNOWN', message);
      if (/balance is not sufficient|insufficient/i.test(message))
        throw new ChainError('INSUFFICIENT_FUNDS', message);
      throw new ChainError('REJECTED', `${reply.code ?? 'refused'}: ${message}`);
    },
    async getConfirmation(txHash): Promise<ConfirmationStatus> {
      const value = txHash.replace(/^0x/, '');
      const infoReply = await rpc<{
        blockNumber?: number;
        fee?: number;
        result?: string;
        resMessage?: string;
        receipt?: { result?: string };
      }>('/wallet/gettransactioninfobyid', { value });
      if (infoReply.blockNumber === undefined) {
        const tx = await rpc<{ txID?: string }>('/wallet/gettransactionbyid', { value });
        return { state: tx.txID ? 'pending' : 'unknown' };
      }
      const [head, block] = await Promise.all([
        headBlock(),
        rpc<BlockReply>('/wallet/getblockbynum', { num: infoReply.blockNumber }),
      ]);
      const receipt = infoReply.receipt?.result;
      const failed = infoReply.result === 'FAILED' || (receipt !== undefined && receipt !== 'SUCCESS');
      return {
        state: failed ? 'failed' : 'confirmed',
        blockNumber: BigInt(infoReply.blockNumber),
        ...(block.blockID ? { blockHash: block.blockID } : {}),
        confirmations: head.number - infoReply.blockNumber + 1,
        ...(failed
          ? { reason: receipt && receipt !== 'SUCCESS' ? receipt : hexText(infoReply.resMessage ?? 'FAILED') }
          : {}),
        fee: BigInt(infoReply.fee ?? 0),
      };
    },
    async verifyMessage(address, message, signature) {
      // TIP-191 (signMessageV2): what TronLink and hardware wallets sign.
      try {
        return utils.message.verifyMessage(message, signature) === tronBase58(address);
      } catch {
        return false;
      }
    },
    async ping() {
      try {
        await headBlock();
        return true;
      } catch {
        return false;
      }
    },
  };
  return adapter;
}
