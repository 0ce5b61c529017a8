import {
  addExchangeBody,
  exchangeAccountItem,
  exchangeAssetInfoQuery,
  exchangeAssetInfoReply,
  exchangeAssetTotalQuery,
  exchangeAssetTotalReply,
  exchangeCheckBody,
  exchangeCheckReply,
  exchangeDeletedReply,
  exchangeListQuery,
  exchangeListReply,
  exchangeTransfersQuery,
  exchangeTransfersReply,
  exchangeWalletBody,
  ipConfigReply,
} from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { commandContext } from '../../lib/command-context';
import { sendCsv } from '../../lib/csv';
import { fileReplies, replies } from '../../lib/replies';
import { inSpace } from '../../plugins/access-rules';
import { addExchangeAccount, deleteExchangeAccount } from './exchange-accounts';
import { accountTransfers, forgetTransfers } from './exchange-assets';
import { checkExchangeApi } from './exchange-check';
import {
  exchangeAccountPage,
  exchangeAccountView,
  exchangeAssetInfo,
  exchangeAssetTotal,
  loadExchangeAccount,
} from './exchange-reads';

const tags = ['exchange'];
const view = { access: inSpace('exchange.view') };
const csv = (what: string) => fileReplies('text/csv', `${what} as CSV (UTF-8 with a BOM)`);

/** The §7 exchange calls under /api/web/v4 (accounts, connectivity check, assets, history, IPs). */
export async function exchangeRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/wallets/exchange',
    {
      config: view,
      schema: {
        response: replies(exchangeListReply),
        querystring: exchangeListQuery,
        tags,
        summary: 'Exchange accounts the caller may view (§3 exchange account item)',
      },
    },
    async (request, reply) =>
      reply.ok(
        await exchangeAccountPage(ctx, commandContext(request), request.query.page, request.query.page_size),
      ),
  );

  app.post(
    '/wallets/exchange/check',
    {
      config: { access: inSpace('exchange.add') },
      schema: {
        response: replies(exchangeCheckReply),
        body: exchangeCheckBody,
        tags,
        summary:
          'Connectivity test (API validity, network, permissions, account info); a failure answers the step’s code with { steps }',
      },
    },
    async (request, reply) => reply.ok(await checkExchangeApi(ctx, commandContext(request), request.body)),
  );

  app.post(
    '/wallets/exchange',
    {
      config: { access: inSpace('exchange.add') },
      schema: {
        response: replies(exchangeAccountItem),
        body: addExchangeBody,
        tags,
        summary: 'Add an exchange account with the check_token of a passed test of the same input',
      },
    },
    async (request, reply) => {
      const actor = commandContext(request);
      const wallet = await addExchangeAccount(ctx, actor, request.body);
      return reply.ok(await exchangeAccountView(ctx, actor, wallet.id));
    },
  );

  app.delete(
    '/wallets/exchange',
    {
      config: { access: inSpace('exchange.delete') },
      schema: {
        response: replies(exchangeDeletedReply),
        body: exchangeWalletBody,
        tags,
        summary: 'Delete an exchange account and its sealed credentials',
      },
    },
    async (request, reply) => {
      const actor = commandContext(request);
      const account = await loadExchangeAccount(ctx, actor, request.body.wallet_id);
      await deleteExchangeAccount(ctx, actor, account);
      forgetTransfers(ctx, account.wallet_id);
      return reply.ok({ wallet_id: account.wallet_id, deleted: true as const });
    },
  );

  app.get(
    '/wallets/exchange/asset-info',
    {
      config: view,
      schema: {
        response: replies(exchangeAssetInfoReply),
        querystring: exchangeAssetInfoQuery,
        tags,
        summary: 'Balances per account type (spot, funding, …) with USD prices where known',
      },
    },
    async (request, reply) =>
      reply.ok(
        await exchangeAssetInfo(
          ctx,
          commandContext(request),
          request.query.wallet_id,
          request.query.account_type,
        ),
      ),
  );

  app.get(
    '/wallets/exchange/asset-info/export',
    {
      config: view,
      schema: {
        response: csv('The balances'),
        querystring: exchangeAssetInfoQuery,
        tags,
        summary: 'Export the balances',
      },
    },
    async (request, reply) => {
      const info = await exchangeAssetInfo(
        ctx,
        commandContext(request),
        request.query.wallet_id,
        request.query.account_type,
      );
      return sendCsv(
        reply,
        `exchange-assets-${info.wallet_id}.csv`,
        ['account_type', 'symbol', 'amount', 'available_amount', 'frozen_amount', 'price_usd', 'value_usd'],
        info.list.map((l) => [
          l.account_type,
          l.symbol,
          l.amount,
          l.available_amount,
          l.frozen_amount,
          l.price,
          l.value,
        ]),
      );
    },
  );

  app.get(
    '/wallets/exchange/asset-total',
    {
      config: view,
      schema: {
        response: replies(exchangeAssetTotalReply),
        querystring: exchangeAssetTotalQuery,
        tags,
        summary: 'USD total of one exchange account or of all the caller may view (null when unpriced)',
      },
    },
    async (request, reply) =>
      reply.ok(await exchangeAssetTotal(ctx, commandContext(request), request.query.wallet_id)),
  );

  app.get(
    '/wallets/exchange/asset-total/export',
    {
      config: view,
      schema: {
        response: csv('The totals'),
        querystring: exchangeAssetTotalQuery,
        tags,
        summary: 'Export the totals',
      },
    },
    async (request, reply) => {
      const total = await exchangeAssetTotal(ctx, commandContext(request), request.query.wallet_id);
      return sendCsv(
        reply,
        'exchange-asset-total.csv',
        ['wallet_id', 'name', 'amount_usd'],
        [...total.list.map((l) => [l.wallet_id, l.name, l.amount]), ['', 'total', total.total_amount]],
      );
    },
  );

  const transfersPage = async (
    actorRequest: Parameters<typeof commandContext>[0],
    query: { wallet_id: number; type?: 'deposit' | 'withdrawal' | undefined },
  ) => {
    const account = await loadExchangeAccount(ctx, commandContext(actorRequest), query.wallet_id);
    const lines = await accountTransfers(ctx, account);
    return lines.filter((line) => !query.type || line.type === query.type);
  };

  app.get(
    '/wallets/exchange/deposit-withdrawal',
    {
      config: view,
      schema: {
        response: replies(exchangeTransfersReply),
        querystring: exchangeTransfersQuery,
        tags,
        summary: 'Deposits and withdrawals at the exchange, newest first',
      },
    },
    async (request, reply) => {
      const { page, page_size } = request.query;
      const lines = await transfersPage(request, request.query);
      return reply.ok({
        list: lines.slice((page - 1) * page_size, page * page_size),
        page,
        page_size,
        total: lines.length,
      });
    },
  );

  app.get(
    '/wallets/exchange/deposit-withdrawal/export',
    {
      config: view,
      schema: {
        response: csv('Deposits and withdrawals'),
        querystring: exchangeTransfersQuery,
        tags,
        summary: 'Export deposits and withdrawals',
      },
    },
    async (request, reply) => {
      const lines = await transfersPage(request, request.query);
      return sendCsv(
        reply,
        `exchange-transfers-${request.query.wallet_id}.csv`,
        ['time', 'type', 'symbol', 'amount', 'fee', 'status', 'network', 'address', 'tx_id', 'id'],
        lines.map((l) => [
          l.time,
          l.type,
          l.symbol,
          l.amount,
          l.fee,
          l.status,
          l.network,
          l.address,
          l.tx_id,
          l.id,
        ]),
      );
    },
  );

  app.get(
    '/ip-config',
    {
      config: view,
      schema: {
        response: replies(ipConfigReply),
        tags,
        summary: "The platform's outgoing IP addresses, to whitelist at the exchange (EXCHANGE_EGRESS_IPS)",
      },
    },
    async (_request, reply) => {
      const list = (ctx.config.EXCHANGE_EGRESS_IPS ?? '')
        .split(',')
        .map((ip) => ip.trim())
        .filter(Boolean);
      return reply.ok({ list, ips: list.join(',') });
    },
  );
}
