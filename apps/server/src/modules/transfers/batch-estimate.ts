import { formatGwei } from 'viem';
import type { z } from 'zod';
import type { batchBody, Language } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { CommandContext } from '../../lib/command-context';
import { formatUnits, multiply, round } from '../wallets/decimal';
import { cachedBalances } from '../wallets/wallet-assets';
import { lockedAmounts } from '../wallets/wallet-repository';
import { usdPrice } from '../prices/prices';
import { checkBatch } from './batch-create';
import { batchGas } from './batch-gas';
import { chainFeeTiers, gasPriceAt } from './transfer-fee-tiers';
import { family, familyWallet } from './transfer-family';
import { reservations } from './transfer-repository';

/** POST /fee/estimate-one-to-many: every row checked, the totals per asset, and the fee now. */
export async function batchEstimate(
  ctx: AppContext,
  actor: CommandContext,
  input: z.infer<typeof batchBody>,
  language: Language,
) {
  const batch = await checkBatch(ctx, actor, input, language);
  const { wallet, adapter, rows } = batch;
  const [balances, locks] = await Promise.all([
    cachedBalances(ctx.db, [wallet.id]),
    lockedAmounts(ctx.db, wallet.id),
  ]);
  const totals = new Map<string, { symbol: string; decimals: number; amount: bigint }>();
  for (const row of rows) {
    const total = totals.get(row.tokenKey) ?? { symbol: row.symbol, decimals: row.decimals, amount: 0n };
    total.amount += row.amount;
    totals.set(row.tokenKey, total);
  }
  const available = (key: string) => {
    const held = BigInt(balances.get(wallet.id)?.get(key) ?? '0');
    const locked = BigInt(locks.find((l) => l.token_key === key)?.locked ?? '0');
    return held > locked ? held - locked : 0n;
  };

  const { nativeDecimals, nativeSymbol } = adapter.chain.info;
  const walletPays = adapter.capabilities.broadcast === 'server-finalizes';
  let fee: bigint;
  let rate: string;
  let gasLimit: bigint | null = null;
  if (walletPays) {
    const fw = familyWallet(wallet);
    const state = await family(() => adapter.readTransferState(fw, batch.intent));
    const held = await reservations(ctx.db, wallet.id, [...totals.keys()], adapter.capabilities);
    const built = await family(() => adapter.buildTransfer(fw, batch.intent, state, held));
    fee = built.fee.total ?? 0n;
    rate = built.fee.rate ?? '';
  } else {
    const perGas = gasPriceAt(await chainFeeTiers(adapter), batch.intent.fee);
    gasLimit = batchGas(rows.map((row) => row.token.contract !== null));
    fee = gasLimit * perGas;
    rate = formatGwei(perGas);
  }
  const shown = formatUnits(fee, nativeDecimals);
  const price = usdPrice(nativeSymbol);
  return {
    recipients: rows.length,
    max_recipients: batch.maxRecipients,
    rows: rows.map((row) => ({
      row: row.sourceRow,
      address: row.to,
      amount: formatUnits(row.amount, row.decimals),
      symbol: row.symbol,
      token_key: row.tokenKey,
      memo: row.memo,
      fund_purpose: row.label,
    })),
    totals: [...totals].map(([key, total]) => ({
      symbol: total.symbol,
      token_key: key,
      amount: formatUnits(total.amount, total.decimals),
      available: formatUnits(available(key), total.decimals),
    })),
    fee: {
      unit: adapter.capabilities.feeUnit,
      symbol: nativeSymbol,
      fee: shown,
      fee_usd: price === null ? null : round(multiply(shown, price), 2),
      rate,
      gas_limit: gasLimit?.toString() ?? null,
      paid_by: walletPays ? ('wallet' as const) : ('broadcaster' as const),
    },
  };
}
