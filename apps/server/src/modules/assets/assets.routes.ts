import {
  PLANS,
  RANGE_DAYS,
  assetExportQuery,
  assetShowBody,
  assetShowReply,
  assetTrendQuery,
  assetTrendReply,
  exchangeRateReply,
  flowQuery,
  flowReply,
  profitLossQuery,
  profitLossReply,
  totalAssetQuery,
  totalAssetReply,
  walletNumReply,
  type AssetRange,
} from '@keystead/contract';
import type { FastifyRequest } from 'fastify';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { userCommandContext } from '../../lib/command-context';
import { fileReplies, replies } from '../../lib/replies';
import { requireSpace } from '../../plugins/access';
import { SIGNED_IN, inSpace } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import { seesEveryWallet } from '../policy/policy';
import { priceBook } from '../prices/prices';
import { effectivePlan } from '../spaces/space-presenter';
import { viewerOf } from '../transfers/transfer-lists';
import { setAssetShow } from '../users/profile-commands';
import { loadWallet } from '../wallets/wallet-access';
import { assetTrend, chainName, flowAnalysis, totalAsset } from './asset-analysis';
import { assetCsv } from './asset-export';
import { scopeWallets, type AssetScope } from './asset-repository';
import { profitLossOf } from './asset-profit';

const tags = ['asset'];
const view = { access: inSpace('wallet.view') };

/**
 * What the person asking may count: with `walletId`, that wallet (if they may see it, else the
 * wallet routes' own refusal); otherwise every wallet they see in the space, not archived.
 */
export async function assetScope(
  ctx: AppContext,
  request: FastifyRequest,
  walletId?: number,
): Promise<AssetScope> {
  const { organization, member } = requireSpace(request);
  if (walletId) {
    const { wallet } = await loadWallet(ctx.db, request, walletId);
    return { organizationId: organization.id, whole: false, wallets: [wallet] };
  }
  const viewer = await viewerOf(ctx, organization.id, requireUser(request).user.id, member.role);
  const wallets = await scopeWallets(ctx.db, organization.id, viewer.seesAll ? null : viewer.walletIds);
  return { organizationId: organization.id, whole: viewer.seesAll, wallets };
}

/** §9 "historical duration by plan": a range longer than the plan keeps needs a larger plan. */
export function assertRangeInPlan(request: FastifyRequest, range: AssetRange): void {
  const months = PLANS[effectivePlan(requireSpace(request).organization)].historicalTransactionMonths;
  if (RANGE_DAYS[range] > months * 31)
    throw new AppError('VIP_PLAN_LIMIT_EXCEEDED_ERROR', {}, { range, months });
}

export async function assetRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/wallets/num',
    {
      config: view,
      schema: { response: replies(walletNumReply), tags, summary: 'Wallets counted, by chain' },
    },
    async (request, reply) => {
      const scope = await assetScope(ctx, request);
      const byChain = new Map<string, number>();
      for (const wallet of scope.wallets)
        byChain.set(wallet.chain_key, (byChain.get(wallet.chain_key) ?? 0) + 1);
      return reply.ok({
        wallet_num: scope.wallets.length,
        by_chain: [...byChain.entries()].map(([key, n]) => ({
          chain_key: key,
          chain_name: chainName(ctx, key),
          wallet_num: n,
        })),
      });
    },
  );

  app.get(
    '/wallets/total-asset',
    {
      config: view,
      schema: {
        response: replies(totalAssetReply),
        querystring: totalAssetQuery,
        tags,
        summary: 'Total value, its change since yesterday, and the value per token, wallet and chain',
      },
    },
    async (request, reply) => {
      const hideSmall = request.query.hide_small ?? requireUser(request).user.asset_hide_small;
      const { member, user } = { ...requireSpace(request), ...requireUser(request) };
      const viewer = seesEveryWallet(member.role) ? null : user.id;
      return reply.ok(await totalAsset(ctx, await assetScope(ctx, request), hideSmall, viewer));
    },
  );

  app.get(
    '/wallets/statistics',
    {
      config: view,
      schema: {
        response: replies(assetTrendReply),
        querystring: assetTrendQuery,
        tags,
        summary: 'Asset trend: the value per day over 7D, 30D, 90D or 1Y (within the plan)',
      },
    },
    async (request, reply) => {
      assertRangeInPlan(request, request.query.range);
      const scope = await assetScope(ctx, request, request.query.wallet_id);
      return reply.ok(await assetTrend(ctx, scope, request.query.range));
    },
  );

  app.get(
    '/asset/transactions',
    {
      config: view,
      schema: {
        response: replies(flowReply),
        querystring: flowQuery,
        tags,
        summary: 'Historical transaction analysis: inflow and outflow per day, token and fund purpose',
      },
    },
    async (request, reply) => {
      const scope = await assetScope(ctx, request, request.query.wallet_id);
      return reply.ok(await flowAnalysis(ctx, scope, request.query.period));
    },
  );

  app.get(
    '/asset/profit-loss',
    {
      config: view,
      schema: {
        response: replies(profitLossReply),
        querystring: profitLossQuery,
        tags,
        summary: 'Profit and loss per token (first in, first out): realised and unrealised',
      },
    },
    async (request, reply) =>
      reply.ok(await profitLossOf(ctx, await assetScope(ctx, request, request.query.wallet_id))),
  );

  app.get(
    '/asset/export',
    {
      config: view,
      schema: {
        response: fileReplies('text/csv', 'One asset analysis table as CSV (UTF-8 with a BOM)'),
        querystring: assetExportQuery,
        tags,
        summary: 'Export an asset analysis table',
      },
    },
    async (request, reply) => {
      const query = request.query;
      if (query.table === 'trend') assertRangeInPlan(request, query.range);
      const hideSmall = query.hide_small ?? requireUser(request).user.asset_hide_small;
      return assetCsv(ctx, reply, await assetScope(ctx, request), { ...query, hide_small: hideSmall });
    },
  );

  app.get(
    '/asset-show',
    {
      config: { access: SIGNED_IN },
      schema: { response: replies(assetShowReply), tags, summary: 'Asset page display choices' },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      return reply.ok({ show_amount: user.asset_show_amount, hide_small: user.asset_hide_small });
    },
  );

  app.post(
    '/asset-show',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(assetShowReply),
        body: assetShowBody,
        tags,
        summary: 'Mask amounts; hide small assets',
      },
    },
    async (request, reply) => reply.ok(await setAssetShow(ctx, userCommandContext(request), request.body)),
  );

  app.get(
    '/currency/exchange-rate',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(exchangeRateReply),
        tags,
        summary: 'Units of each display currency per US dollar',
      },
    },
    async (_request, reply) => {
      await priceBook().load(ctx.db);
      return reply.ok({
        base: 'USD' as const,
        rates: priceBook().allRates(),
        state: priceBook().state('rates'),
      });
    },
  );
}
