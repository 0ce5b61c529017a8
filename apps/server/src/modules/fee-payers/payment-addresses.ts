import { NATIVE } from '@keystead/chains';
import type { PaymentAddress } from '@keystead/contract';
import type { AppContext } from '../../context';

/**
 * The space's payment addresses with their balance on each chain they pay on, read together: an
 * EVM payment address on every EVM chain served here, the Solana fee payer on the Solana chains
 * where the space has wallets. A balance that cannot be read now is null (never shown as zero).
 */
export async function paymentAddresses(ctx: AppContext, organizationId: number): Promise<PaymentAddress[]> {
  const [payers, chains, bound] = await Promise.all([
    ctx.db
      .selectFrom('fee_payers')
      .select(['id', 'family', 'address', 'name', 'status', 'created_at'])
      .where('organization_id', '=', organizationId)
      .orderBy('id')
      .execute(),
    ctx.db
      .selectFrom('wallets')
      .select('chain_key')
      .distinct()
      .where('organization_id', '=', organizationId)
      .execute(),
    ctx.db
      .selectFrom('wallets')
      .select(['payment_address_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('organization_id', '=', organizationId)
      .where('payment_address_id', 'is not', null)
      .groupBy('payment_address_id')
      .execute(),
  ]);
  const pairs = payers.flatMap((payer) =>
    ctx.chains
      .list()
      .filter(
        (e) =>
          e.family === payer.family &&
          (payer.family === 'EVM' || chains.some((c) => c.chain_key === String(e.chainId))),
      )
      .map((endpoint) => ({ payer, endpoint })),
  );
  return Promise.all(
    pairs.map(async ({ payer, endpoint }) => {
      const key = String(endpoint.chainId);
      const { chain } = ctx.chains.family(key);
      const native = { contract: null, symbol: chain.info.nativeSymbol, decimals: chain.info.nativeDecimals };
      const sheet = await chain.getBalances([payer.address], [native]).catch(() => null);
      const balance = sheet?.get(payer.address)?.get(NATIVE);
      return {
        id: payer.id,
        family: payer.family,
        chain: key,
        chain_name: endpoint.name,
        address: payer.address,
        symbol: chain.info.nativeSymbol,
        decimals: chain.info.nativeDecimals,
        balance: balance === undefined ? null : balance.toString(),
        balance_error: balance === undefined,
        status: payer.status,
        name: payer.name,
        bound_wallets: Number(bound.find((b) => b.payment_address_id === payer.id)?.n ?? 0),
        created_at: payer.created_at.toISOString(),
      };
    }),
  );
}
