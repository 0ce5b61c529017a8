import { NATIVE, type FamilyAdapter } from '@keystead/chains';
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
      const adapter = ctx.chains.family(key);
      const { chain } = adapter;
      const balance = await nativeBalance(adapter, payer.address);
      return {
        id: payer.id,
        family: payer.family,
        chain: key,
        chain_name: endpoint.name,
        address: payer.address,
        symbol: chain.info.nativeSymbol,
        decimals: chain.info.nativeDecimals,
        balance: balance === null ? null : balance.toString(),
        balance_error: balance === null,
        status: payer.status,
        name: payer.name,
        bound_wallets: Number(bound.find((b) => b.payment_address_id === payer.id)?.n ?? 0),
        created_at: payer.created_at.toISOString(),
      };
    }),
  );
}

/** What an address holds of the chain's own coin now, or null when the chain cannot be read. */
export async function nativeBalance(adapter: FamilyAdapter, address: string): Promise<bigint | null> {
  const { nativeSymbol: symbol, nativeDecimals: decimals } = adapter.chain.info;
  const sheet = await adapter.chain
    .getBalances([address], [{ contract: null, symbol, decimals }])
    .catch(() => null);
  return sheet?.get(address)?.get(NATIVE) ?? null;
}
