import { paymentAddressListReply, paymentRecordPageReply, paymentRecordQuery } from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { replies } from '../../lib/replies';
import { requireSpace } from '../../plugins/access';
import { inSpace } from '../../plugins/access-rules';
import { paymentAddresses } from './payment-addresses';

const tags = ['payment'];

/**
 * /payment (§2 payment management): the space's payment (fee-sponsoring) addresses with their
 * balance on each chain they pay on — EVM payment addresses and the Solana fee payer — and their
 * records (deposits, refunds, consumption). Admins only.
 */
export async function paymentRoutes(app: AppInstance, ctx: AppContext): Promise<void> {
  app.get(
    '/wallets/payment/list',
    {
      config: { access: inSpace('payment.view') },
      schema: {
        response: replies(paymentAddressListReply),
        tags,
        summary: 'The space’s payment (fee-sponsoring) addresses and their balances',
      },
    },
    async (request, reply) =>
      reply.ok({ list: await paymentAddresses(ctx, requireSpace(request).organization.id) }),
  );

  app.get(
    '/wallets/payment/records',
    {
      config: { access: inSpace('payment.view') },
      schema: {
        response: replies(paymentRecordPageReply),
        tags,
        querystring: paymentRecordQuery,
        summary: 'What the space’s payment addresses paid (consumption), newest first',
      },
    },
    async (request, reply) => {
      const { organization } = requireSpace(request);
      const { page, page_size, type, chain } = request.query;
      let base = ctx.db.selectFrom('payment_records as r').where('r.organization_id', '=', organization.id);
      if (type !== undefined) base = base.where('r.type', '=', type);
      if (chain !== undefined) base = base.where('r.chain_key', '=', chain);
      const [rows, count] = await Promise.all([
        base
          .leftJoin('wallets as w', 'w.id', 'r.wallet_id')
          .selectAll('r')
          .select('w.name as wallet_name')
          .orderBy('r.id', 'desc')
          .limit(page_size)
          .offset((page - 1) * page_size)
          .execute(),
        base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
      ]);
      const endpoints = new Map(ctx.chains.list().map((e) => [String(e.chainId), e]));
      const list = rows.map((row) => {
        const endpoint = endpoints.get(row.chain_key);
        const info = endpoint ? ctx.chains.family(row.chain_key).chain.info : null;
        return {
          id: row.id,
          type: row.type,
          status: row.status,
          purpose: row.purpose,
          chain: row.chain_key,
          chain_name: endpoint?.name ?? row.chain_key,
          symbol: info?.nativeSymbol ?? '',
          decimals: info?.nativeDecimals ?? 0,
          hash: row.hash,
          sender: row.sender,
          receiver: row.receiver,
          volume: row.volume,
          fee: row.fee,
          wallet_id: row.wallet_id,
          wallet_name: row.wallet_name,
          task_id: row.task_id,
          created_at: row.created_at.toISOString(),
          settled_at: row.settled_at?.toISOString() ?? null,
        };
      });
      return reply.ok({ list, page, page_size, total: Number(count.n) });
    },
  );
}
