import {
  apiKeyInfoQuery,
  apiKeyInfoReply,
  apiKeysQuery,
  apiKeysReply,
  createApiKeyBody,
  createdApiKeyReply,
  deleteApiKeyBody,
  deleteRiskRuleBody,
  doneReply,
  escrowLogQuery,
  escrowLogReply,
  escrowOverviewQuery,
  escrowOverviewReply,
  escrowSettingsBody,
  escrowSettingsReply,
  escrowSymbolQuery,
  escrowSymbolReply,
  exchangeWalletQuery,
  leverBody,
  platformApiKeyItem,
  riskChangeRevokeBody,
  riskChangeVoteBody,
  riskRulesReply,
  riskSettingsBody,
  riskSettingsReply,
  saveRiskRulesBody,
  updateApiKeyBody,
} from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { commandContext } from '../../lib/command-context';
import { sendCsv } from '../../lib/csv';
import { fileReplies, replies } from '../../lib/replies';
import { inSpace } from '../../plugins/access-rules';
import { loadExchangeAccountFor } from '../exchanges/exchange-reads';
import { escrowLog, escrowOverview, escrowSymbols } from './escrow-reads';
import { revokeRiskChange, voteRiskChange } from './risk-changes';
import { escrowSettingsView, saveEscrowSettingsOf } from './escrow-settings';
import {
  createPlatformKey,
  deletePlatformKey,
  listPlatformKeys,
  platformKeyInfo,
  updatePlatformKey,
} from './platform-keys';
import {
  deleteRiskRule,
  riskRulesView,
  riskSettingsView,
  saveRiskRules,
  saveRiskSettings,
  setContractLever,
} from './risk-rules';

const tags = ['escrow'];
const view = { access: inSpace('escrow.view') };
const risk = { access: inSpace('escrow.risk') };
const manage = { access: inSpace('escrow.manage') };

/** The §7 /v4/escrow calls: risk-control rules, platform API keys, escrow settings and log. */
export async function escrowRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/escrow',
    {
      config: view,
      schema: {
        response: replies(escrowOverviewReply),
        querystring: escrowOverviewQuery,
        tags,
        summary: 'Exchange accounts with their platform API key and strategy',
      },
    },
    async (request, reply) =>
      reply.ok(
        await escrowOverview(ctx, commandContext(request), request.query.page, request.query.page_size),
      ),
  );

  app.get(
    '/escrow/symbol',
    {
      config: view,
      schema: {
        response: replies(escrowSymbolReply),
        querystring: escrowSymbolQuery,
        tags,
        summary: "The exchange's spot pairs (for the rules' whitelist)",
      },
    },
    async (request, reply) =>
      reply.ok(await escrowSymbols(ctx, commandContext(request), request.query.wallet_id)),
  );

  app.get(
    '/escrow/risk-control-rules',
    {
      config: view,
      schema: {
        response: replies(riskRulesReply),
        querystring: exchangeWalletQuery,
        tags,
        summary: 'The account’s strategy and rules, with what the window used of each',
      },
    },
    async (request, reply) =>
      reply.ok(await riskRulesView(ctx, commandContext(request), request.query.wallet_id)),
  );

  app.post(
    '/escrow/risk-control-rules',
    {
      config: risk,
      schema: {
        response: replies(riskRulesReply),
        body: saveRiskRulesBody,
        tags,
        summary: 'Replace the strategy (risk-control users; e-mail code risk_control)',
      },
    },
    async (request, reply) => {
      const actor = commandContext(request);
      await saveRiskRules(ctx, actor, request.body);
      return reply.ok(await riskRulesView(ctx, actor, request.body.wallet_id));
    },
  );

  app.delete(
    '/escrow/risk-control-rules',
    {
      config: risk,
      schema: {
        response: replies(riskRulesReply),
        body: deleteRiskRuleBody,
        tags,
        summary: "Delete one trade category's rule (e-mail code risk_control)",
      },
    },
    async (request, reply) => {
      const actor = commandContext(request);
      await deleteRiskRule(ctx, actor, request.body);
      return reply.ok(await riskRulesView(ctx, actor, request.body.wallet_id));
    },
  );

  app.patch(
    '/escrow/risk-control-rules/lever',
    {
      config: risk,
      schema: {
        response: replies(riskRulesReply),
        body: leverBody,
        tags,
        summary: 'The leverage cap of a perpetual-type category (e-mail code risk_control)',
      },
    },
    async (request, reply) => {
      const actor = commandContext(request);
      await setContractLever(ctx, actor, request.body);
      return reply.ok(await riskRulesView(ctx, actor, request.body.wallet_id));
    },
  );

  app.post(
    '/escrow/risk-control-rules/changes/approve',
    {
      config: view,
      schema: {
        response: replies(riskRulesReply),
        body: riskChangeVoteBody,
        tags,
        summary: 'Approve (1) or reject (2) a waiting risk-control change (the account’s approvers)',
      },
    },
    async (request, reply) => {
      const actor = commandContext(request);
      const { wallet_id: walletId, change_id: changeId, ...vote } = request.body;
      const { account, relation } = await loadExchangeAccountFor(ctx, actor, walletId);
      await voteRiskChange(ctx, actor, account, relation, changeId, vote);
      return reply.ok(await riskRulesView(ctx, actor, walletId));
    },
  );

  app.post(
    '/escrow/risk-control-rules/changes/revoke',
    {
      config: view,
      schema: {
        response: replies(riskRulesReply),
        body: riskChangeRevokeBody,
        tags,
        summary: 'Withdraw a waiting risk-control change (its proposer or a risk-control user)',
      },
    },
    async (request, reply) => {
      const actor = commandContext(request);
      const { account, relation } = await loadExchangeAccountFor(ctx, actor, request.body.wallet_id);
      await revokeRiskChange(ctx, actor, account, relation, request.body.change_id);
      return reply.ok(await riskRulesView(ctx, actor, request.body.wallet_id));
    },
  );

  app.get(
    '/escrow/risk-control-rules/settings',
    {
      config: view,
      schema: {
        response: replies(riskSettingsReply),
        querystring: exchangeWalletQuery,
        tags,
        summary: 'The limits’ window and the risk-control users',
      },
    },
    async (request, reply) =>
      reply.ok(await riskSettingsView(ctx, commandContext(request), request.query.wallet_id)),
  );

  app.post(
    '/escrow/risk-control-rules/settings',
    {
      config: risk,
      schema: {
        response: replies(riskSettingsReply),
        body: riskSettingsBody,
        tags,
        summary: 'The rolling window of the buy/sell limits (e-mail code risk_control)',
      },
    },
    async (request, reply) => {
      const actor = commandContext(request);
      await saveRiskSettings(ctx, actor, request.body);
      return reply.ok(await riskSettingsView(ctx, actor, request.body.wallet_id));
    },
  );

  app.get(
    '/escrow/settings',
    {
      config: view,
      schema: {
        response: replies(escrowSettingsReply),
        querystring: exchangeWalletQuery,
        tags,
        summary: "The platform API's IP whitelist and timestamp window",
      },
    },
    async (request, reply) =>
      reply.ok(await escrowSettingsView(ctx, commandContext(request), request.query.wallet_id)),
  );

  app.post(
    '/escrow/settings',
    {
      config: manage,
      schema: {
        response: replies(escrowSettingsReply),
        body: escrowSettingsBody,
        tags,
        summary: 'Set the IP whitelist and timestamp window (admins; e-mail code exchange_settings)',
      },
    },
    async (request, reply) => {
      const actor = commandContext(request);
      await saveEscrowSettingsOf(ctx, actor, request.body);
      return reply.ok(await escrowSettingsView(ctx, actor, request.body.wallet_id));
    },
  );

  app.get(
    '/escrow/api-keys',
    {
      config: view,
      schema: {
        response: replies(apiKeysReply),
        querystring: apiKeysQuery,
        tags,
        summary: 'The account’s platform API key (never its secret)',
      },
    },
    async (request, reply) =>
      reply.ok(await listPlatformKeys(ctx, commandContext(request), request.query.wallet_id)),
  );

  app.post(
    '/escrow/api-keys',
    {
      config: manage,
      schema: {
        response: replies(createdApiKeyReply),
        body: createApiKeyBody,
        tags,
        summary:
          'Create the platform API key (admins; e-mail code exchange_api_key); the secret is in this reply only',
      },
    },
    async (request, reply) => reply.ok(await createPlatformKey(ctx, commandContext(request), request.body)),
  );

  app.patch(
    '/escrow/api-keys',
    {
      config: manage,
      schema: {
        response: replies(platformApiKeyItem),
        body: updateApiKeyBody,
        tags,
        summary: 'Start or pause a key, or change its description',
      },
    },
    async (request, reply) => reply.ok(await updatePlatformKey(ctx, commandContext(request), request.body)),
  );

  app.delete(
    '/escrow/api-keys',
    {
      config: manage,
      schema: {
        response: replies(doneReply),
        body: deleteApiKeyBody,
        tags,
        summary: 'Delete a key (it stops working at once)',
      },
    },
    async (request, reply) => {
      await deletePlatformKey(ctx, commandContext(request), request.body.id);
      return reply.ok({});
    },
  );

  app.get(
    '/escrow/api-keys/info',
    {
      config: view,
      schema: {
        response: replies(apiKeyInfoReply),
        querystring: apiKeyInfoQuery,
        tags,
        summary: 'One key and how a bot signs its requests',
      },
    },
    async (request, reply) => reply.ok(await platformKeyInfo(ctx, commandContext(request), request.query.id)),
  );

  app.get(
    '/escrow/audit-logs',
    {
      config: view,
      schema: {
        response: replies(escrowLogReply),
        querystring: escrowLogQuery,
        tags,
        summary: "Every decision on a bot's order, newest first",
      },
    },
    async (request, reply) => reply.ok(await escrowLog(ctx, commandContext(request), request.query)),
  );

  app.get(
    '/escrow/audit-logs/export',
    {
      config: view,
      schema: {
        response: fileReplies('text/csv', 'The escrow log as CSV (UTF-8 with a BOM)'),
        querystring: escrowLogQuery,
        tags,
        summary: 'Export the escrow log (up to 10,000 rows)',
      },
    },
    async (request, reply) => {
      const { list } = await escrowLog(ctx, commandContext(request), {
        ...request.query,
        page: 1,
        page_size: 10_000,
      });
      return sendCsv(
        reply,
        'escrow-log.csv',
        [
          'time',
          'wallet',
          'api_key',
          'ip',
          'symbol',
          'side',
          'type',
          'category',
          'amount',
          'price',
          'notional_usdt',
          'decision',
          'code',
          'limit',
          'max',
          'value',
          'exchange_order_id',
        ],
        list.map((l) => [
          l.time,
          l.wallet_name,
          l.api_key,
          l.ip,
          l.symbol,
          l.side,
          l.order_type,
          l.trade_category,
          l.amount,
          l.price,
          l.notional_usdt,
          l.decision,
          l.code,
          l.rule?.limit,
          l.rule?.max,
          l.rule?.value,
          l.exchange_order_id,
        ]),
      );
    },
  );
}
