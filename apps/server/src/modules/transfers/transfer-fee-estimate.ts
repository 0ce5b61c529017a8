import { formatGwei } from 'viem';
import type { z } from 'zod';
import type { FeeTierName } from '@keystead/chains';
import type { singleFeeEstimateBody } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { CommandContext } from '../../lib/command-context';
import { formatUnits, multiply, round } from '../wallets/decimal';
import { usdPrice } from '../prices/prices';
import { parseAmount } from './amount';
import { chainFeeTiers, EXEC_GAS_HINT } from './transfer-fee-tiers';
import { family, familyOf, familyWallet } from './transfer-family';
import { reservations } from './transfer-repository';
import { operableWalletAsset } from './transfer-wallet';

const TIERS: FeeTierName[] = ['slow', 'standard', 'fast'];

/**
 * POST /fee/single-estimate: one transfer priced at each tier now. The family builds it as it
 * would be created (nothing is stored or held); where the wallet pays (Bitcoin family) the fee is
 * the built transaction's; where a broadcaster's account executes it (a Safe), the execution gas
 * hint at the tier's fee per gas.
 */
export async function singleFeeEstimate(
  ctx: AppContext,
  actor: CommandContext,
  input: z.infer<typeof singleFeeEstimateBody>,
) {
  const { wallet, token } = await operableWalletAsset(ctx, actor, input.wallet_id, input.token);
  const adapter = familyOf(ctx, wallet.chain_key);
  const to = await family(() => adapter.recipient(input.to));
  const amount = parseAmount(input.amount, token.decimals);
  const tiers = await chainFeeTiers(adapter);
  const fw = familyWallet(wallet);
  const held = await reservations(ctx.db, wallet.id, [token.key], adapter.capabilities);
  const { nativeDecimals, nativeSymbol } = adapter.chain.info;
  const price = usdPrice(nativeSymbol);
  const walletPays = adapter.capabilities.broadcast === 'server-finalizes';
  const unit = adapter.capabilities.feeUnit;
  let parts: Record<string, string> | undefined;
  const priced = async (tier: FeeTierName) => {
    const quote = tiers[tier];
    let fee: bigint;
    if (walletPays) {
      const intent = {
        outputs: [{ to, amount, tag: input.destination_tag ?? null }],
        token: token.contract === null ? null : token,
        fee: { tier },
        ...(input.utxos ? { chosenInputs: input.utxos } : {}),
      };
      const state = await family(() => adapter.readTransferState(fw, intent));
      const built = await family(() => adapter.buildTransfer(fw, intent, state, held));
      fee = built.fee.total ?? 0n;
      parts ??= built.details.fee_parts as Record<string, string> | undefined;
    } else {
      fee = EXEC_GAS_HINT * (quote.maxFeePerGas ?? 0n);
    }
    const shown = formatUnits(fee, nativeDecimals);
    return {
      rate:
        unit === 'sat/vB'
          ? String(quote.satPerVbyte)
          : unit === 'energy'
            ? String(quote.sunPerEnergy)
            : unit === 'drops'
              ? String(quote.drops)
              : unit === 'lamports'
                ? String(quote.microLamportsPerCu ?? 0n)
                : formatGwei(quote.maxFeePerGas ?? 0n),
      fee: shown,
      fee_usd: price === null ? null : round(multiply(shown, price), 2),
    };
  };
  const [slow, standard, fast] = await Promise.all(TIERS.map(priced));
  return {
    unit,
    symbol: nativeSymbol,
    ...(parts ? { parts } : {}),
    payer: adapter.sponsoredSetup
      ? ('fee_payer' as const)
      : walletPays
        ? ('wallet' as const)
        : ('broadcaster' as const),
    tiers: { slow: slow!, standard: standard!, fast: fast! },
  };
}
