import type { ContractCall, FamilyAdapter, SafeMessageReview } from '@keystead/chains';
import type { DappCall, DappParse, DappTaskInfo, ParsedDappCall } from '@keystead/contract';
import type { z } from 'zod';
import type { dappCreateBody } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { jsonColumn } from '../../lib/json-column';
import { storeTransfer, walletToOperate } from '../transfers/transfer-create';
import { loadTransfer } from '../transfers/transfer-access';
import { loadWallet } from '../wallets/wallet-access';
import type { FastifyRequest } from 'fastify';
import { family, familyOf, familyWallet, feeChoice, storedTransfer } from '../transfers/transfer-family';
import { messageSignature } from './dapp-messages';
import { formatUnits } from '../wallets/decimal';
import { walletTokens, type WalletToken } from '../wallets/wallet-assets';
import { DAPP_TASK, dappFacts, dappOf, type CallCheck, type StoredCall } from './dapp-task';

type CreateInput = z.infer<typeof dappCreateBody>;

/** The family's contract calls, or the catalogue's refusal for a wallet that cannot make them. */
export function callsOf(adapter: FamilyAdapter) {
  if (!adapter.contractCalls) throw new AppError('DAPP_WALLET_UNSUPPORTED_ERROR');
  return adapter.contractCalls;
}

export const asCall = (call: DappCall | StoredCall): ContractCall => ({
  to: call.to,
  value: BigInt(call.value),
  data: call.data.toLowerCase(),
});

/**
 * POST /dapp/rpc: a Dapp's read of the chain through the wallet's node. The family takes reads
 * only; a node that fails or a call that reverts answers the catalogue's contract-call error.
 */
export async function readForDapp(
  ctx: AppContext,
  wallet: Wallet,
  method: string,
  params: readonly unknown[],
): Promise<unknown> {
  const contract = callsOf(familyOf(ctx, wallet.chain_key));
  return family(() => contract.read(method, params)).catch((error: unknown) => {
    throw error instanceof AppError ? error : new AppError('WS_EVM_CONTRACT_CALL_ERROR');
  });
}

/**
 * POST /dapp/parse: each call decoded from its bytes (never from what the Dapp says of it), its
 * token named from the wallet's tokens or the contract itself, whether its target holds code, and
 * why it reverts when run alone from the wallet now.
 */
export async function parseDappCalls(ctx: AppContext, wallet: Wallet, calls: DappCall[]): Promise<DappParse> {
  const adapter = familyOf(ctx, wallet.chain_key);
  const contract = callsOf(adapter);
  const list = calls.map(asCall);
  const targets = [...new Set(list.map((c) => c.to.toLowerCase()))];
  const [codes, simulation, tokens] = await Promise.all([
    Promise.all(targets.map((to) => contract.isContract(to))),
    contract.simulate(familyWallet(wallet), list),
    walletTokens(ctx, ctx.db, wallet),
  ]).catch((error: unknown) => {
    throw error instanceof AppError ? error : new AppError('WS_EVM_CONTRACT_CALL_ERROR');
  });
  const hasCode = new Map(targets.map((to, i) => [to, codes[i]!]));
  const checks = list.map((call, i) => ({
    is_contract: hasCode.get(call.to.toLowerCase()) ?? false,
    simulation_error: simulation[i] ?? null,
  }));
  return {
    native_symbol: adapter.chain.info.nativeSymbol,
    calls: await presentCalls(adapter, tokens, list, checks),
  };
}

/** The calls as people review them: decoded from their bytes, tokens named, with what was checked of each. */
async function presentCalls(
  adapter: FamilyAdapter,
  tokens: WalletToken[],
  list: ContractCall[],
  checks: CallCheck[],
): Promise<ParsedDappCall[]> {
  const contract = callsOf(adapter);
  const described = list.map((call) => contract.describe(call));
  const named = await tokensNamed(
    adapter,
    tokens,
    described.map((d) => d.token_contract),
  );
  const { nativeDecimals } = adapter.chain.info;
  return list.map((call, i) => {
    const d = described[i]!;
    const token = d.token_contract ? named.get(d.token_contract.toLowerCase()) : undefined;
    return {
      to: call.to,
      kind: d.kind,
      method: d.method,
      value: formatUnits(call.value, nativeDecimals),
      value_raw: call.value.toString(),
      token_contract: d.token_contract,
      token_symbol: token?.symbol ?? null,
      recipient: d.recipient,
      amount: d.amount_raw !== null && token ? formatUnits(BigInt(d.amount_raw), token.decimals) : null,
      amount_raw: d.amount_raw,
      ...checks[i]!,
    };
  });
}

/** Symbols and decimals of the tokens the calls name: the wallet's, else what each contract says. */
async function tokensNamed(adapter: FamilyAdapter, tokens: WalletToken[], contracts: (string | null)[]) {
  const named = new Map<string, { symbol: string; decimals: number }>();
  for (const t of tokens) if (t.contract) named.set(t.contract.toLowerCase(), t);
  const unknown = [
    ...new Set(contracts.filter((c): c is string => c !== null).map((c) => c.toLowerCase())),
  ].filter((c) => !named.has(c));
  const read = await Promise.all(unknown.map((c) => adapter.token!(c).catch(() => null)));
  unknown.forEach((c, i) => {
    if (read[i]) named.set(c, read[i]!);
  });
  return named;
}

/**
 * POST /task/dapp-create (operators): the space and the wallet must have Dapps on; every call
 * with data must target a contract; the calls are run alone from the wallet and what each did is
 * kept for the approvers; then, under the wallet's writer lock, one Safe transaction carries them
 * all at the next nonce, through the one transfer lifecycle.
 */
export async function createDappTask(ctx: AppContext, actor: CommandContext, input: CreateInput) {
  if (!actor.organization.is_open_dapp) throw new AppError('DAPP_SPACE_UNSUPPORTED_ERROR');
  const { wallet, tokens, known } = await walletToOperate(ctx, actor, input.wallet_id);
  const adapter = familyOf(ctx, wallet.chain_key);
  const contract = callsOf(adapter);
  if (!wallet.dapp_on) throw new AppError('DAPP_WALLET_UNSUPPORTED_ERROR');
  const parsed = await parseDappCalls(ctx, wallet, input.calls);
  if (parsed.calls.some((call, i) => input.calls[i]!.data !== '0x' && !call.is_contract))
    throw new AppError('DAPP_TARGET_EOA_ERROR');
  const calls = input.calls.map(asCall);
  const native = tokens.find((t) => t.contract === null)!;
  const total = calls.reduce((sum, c) => sum + c.value, 0n);
  const intent = {
    outputs: [{ to: await family(() => adapter.recipient(calls[0]!.to)), amount: total }],
    token: null,
    fee: feeChoice(input.fee_tier, input.custom_fee_gwei),
  };
  const dapp = {
    action: 'calls' as const,
    name: input.dapp.name,
    url: input.dapp.url,
    calls: calls.map((c) => ({ to: c.to, value: c.value.toString(), data: c.data })),
    checks: parsed.calls.map((c) => ({ is_contract: c.is_contract, simulation_error: c.simulation_error })),
  };
  return storeTransfer(ctx, actor, wallet, intent, dappFacts(dapp, native, known, input), (held, state) =>
    contract.build(familyWallet(wallet), calls, state, held),
  );
}

/**
 * The Dapp task of a wallet with this safeTxHash (or message hash): the wallet is read with the
 * caller's access first, so another space's wallet is not found and its tasks are never looked at.
 */
export async function dappTaskByHash(
  ctx: AppContext,
  request: FastifyRequest,
  walletId: number | undefined,
  hash: string | undefined,
): Promise<number> {
  if (walletId === undefined || hash === undefined)
    throw new AppError('PARAMS_REQUIRED_ERROR', {
      field: walletId === undefined ? 'task_id' : 'safe_tx_hash',
    });
  const { wallet } = await loadWallet(ctx.db, request, walletId);
  const task = await ctx.db
    .selectFrom('tasks')
    .select('id')
    .where('wallet_id', '=', wallet.id)
    .where('type', '=', DAPP_TASK)
    .where('payload_hash', '=', hash.toLowerCase())
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!task) throw new AppError('TASK_NOT_FOUND_ERROR');
  return task.id;
}

/**
 * GET /task/dapp: what the Dapp asked (calls decoded again from the stored calls, or the message
 * with its hashes) and where the task stands; a signed message's signature for the Dapp.
 */
export async function dappTaskInfo(
  ctx: AppContext,
  actor: CommandContext,
  taskId: number,
): Promise<DappTaskInfo> {
  const { task, wallet } = await loadTransfer(ctx, actor, taskId);
  const dapp = dappOf(jsonColumn(task.data));
  if (task.type !== DAPP_TASK || (dapp?.action !== 'calls' && dapp?.action !== 'message'))
    throw new AppError('TASK_NOT_FOUND_ERROR');
  const adapter = familyOf(ctx, wallet.chain_key);
  const common = {
    task_id: task.id,
    status: task.status,
    dapp: { name: dapp.name, url: dapp.url },
    safe_tx_hash: task.payload_hash,
    tx_hash: task.exec_tx_hash,
  };
  if (dapp.action === 'message') {
    const stored = storedTransfer(task);
    const review = adapter.reviewView?.(familyWallet(wallet), stored).safe_message as SafeMessageReview;
    const signature = await messageSignature(ctx, task, wallet, stored);
    return { ...common, calls: [], message: review, signature };
  }
  const tokens = await walletTokens(ctx, ctx.db, wallet);
  const calls = await presentCalls(adapter, tokens, dapp.calls.map(asCall), dapp.checks);
  return { ...common, calls, message: null, signature: null };
}
