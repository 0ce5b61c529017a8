import type { z } from 'zod';
import type { maxAmountBody } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { CommandContext } from '../../lib/command-context';
import { formatUnits } from '../wallets/decimal';
import { family, familyOf, familyWallet, feeChoice } from './transfer-family';
import { reservations } from './transfer-repository';
import { operableWalletAsset } from './transfer-wallet';

/**
 * The wizard's Max for an operator: the family's largest sendable amount of the asset from what
 * the chain holds now and what the wallet's active transfers hold (read, not locked: creating
 * the transfer checks again under the wallet's lock).
 */
export async function maxAmount(
  ctx: AppContext,
  actor: CommandContext,
  input: z.infer<typeof maxAmountBody>,
) {
  const { wallet, token } = await operableWalletAsset(ctx, actor, input.wallet_id, input.token);
  const adapter = familyOf(ctx, wallet.chain_key);
  const intent = {
    // The amount is what is asked for; without a recipient yet, the wallet itself stands in.
    outputs: [
      { to: input.to ? await family(() => adapter.recipient(input.to!)) : wallet.address, amount: 0n },
    ],
    token: token.contract === null ? null : token,
    fee: feeChoice(input.fee_tier, input.custom_fee_gwei ?? input.custom_fee_rate),
    ...(input.utxos ? { chosenInputs: input.utxos } : {}),
  };
  const fw = familyWallet(wallet);
  const state = await family(() => adapter.readTransferState(fw, intent));
  const held = await reservations(ctx.db, wallet.id, [token.key], adapter.capabilities);
  const max = await family(() => adapter.maxSendable(fw, intent, state, held));
  const { nativeDecimals, nativeSymbol } = adapter.chain.info;
  return {
    amount: formatUnits(max.amount, token.decimals),
    symbol: token.symbol,
    fee: max.fee === null ? null : formatUnits(max.fee, nativeDecimals),
    fee_symbol: nativeSymbol,
  };
}
