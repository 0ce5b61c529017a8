import QRCode from 'qrcode';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import {
  walletIdBody,
  walletIdQuery,
  walletListQuery,
  chainListReply,
  walletListReply,
  walletDetailReply,
  walletAssetsReply,
  doneReply,
  depositAddressReply,
} from '@keystead/contract';
import { fileReplies, replies } from '../../lib/replies';
import { sendCsv } from '../../lib/csv';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { requireSpace } from '../../plugins/access';
import { SIGNED_IN, inSpace } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import { AppError } from '../../lib/app-error';
import { canViewWalletArchive, seesEveryWallet } from '../policy/policy';
import { formatUnits, multiply, round, subtract } from './decimal';
import { currencyRate } from '../prices/prices';
import { refreshBalances } from '../../jobs/wallet-jobs';
import { loadWallet } from './wallet-access';
import { assetLines, cachedBalances, walletTokens, walletValueUsd } from './wallet-assets';
import { presentWallet } from './wallet-presenter';
import { balancesUpdatedAt, listWallets, lockedAmounts, walletPeople } from './wallet-repository';
import { WalletStatus } from './wallet-status';

const tags = ['wallet'];

/** §3 wallet list (the live wallets, or the archive for admins) with amounts from the balance cache. */
async function walletListPage(
  ctx: AppContext,
  request: FastifyRequest,
  query: z.infer<typeof walletListQuery>,
) {
  const { organization, member } = requireSpace(request);
  const { user } = requireUser(request);
  const { page, page_size, sign_type, chain_key, keyword, archived } = query;
  if (archived === 'true') {
    const archive = canViewWalletArchive(member.role);
    if (!archive.allowed) throw new AppError(archive.code!);
  }
  const { wallets, total, spaceTotal } = await listWallets(
    ctx.db,
    {
      organizationId: organization.id,
      archived: archived === 'true',
      visibleTo: seesEveryWallet(member.role) ? null : user.id,
      signType: sign_type,
      chainKey: chain_key,
      keyword,
    },
    page,
    page_size,
  );
  const list = wallets.map((wallet) => {
    const total = String(wallet.value_usd);
    const mine = wallet.roles.filter((r) => r.user_id === user.id).map((r) => r.role);
    // Object.assign, not a spread followed by fields: that literal is ten times slower per item.
    return Object.assign(presentWallet(wallet), {
      enable_status: wallet.status === WalletStatus.Normal,
      permission_num: wallet.roles.length,
      amount: round(total, 2),
      // Locked amounts belong to pending transfers (none yet): available = amount.
      lock_amount: '0.00',
      available_amount: round(total, 2),
      roles: mine,
      is_operator: mine.includes('operator'),
      is_single_wallet_signer: wallet.signers.some((s) => s.user_id === user.id),
      task_id: null,
    });
  });
  // Totals in the user's currency (§2 asset home); per-wallet amounts stay in USD like the assets tab.
  const currency = user.currency;
  return {
    list,
    page,
    page_size,
    total: Number(total.n),
    total_amount: round(spaceTotal.value, 2),
    currency: 'USD',
    user_currency: currency,
    total_in_user_currency: round(multiply(spaceTotal.value, currencyRate(currency)), 2),
  };
}

export async function walletReadRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/chain-list',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(chainListReply),
        tags,
        summary: 'Chains this server can use, with their facts',
      },
    },
    async (_request, reply) => {
      return reply.ok({
        list: ctx.chains.supported().map((info) => ({
          chain_id: info.key,
          name: info.name,
          family: info.family,
          symbol: info.nativeSymbol,
          decimals: info.nativeDecimals,
          testnet: info.testnet,
          devnet: info.devnet,
          explorer: info.explorer,
        })),
      });
    },
  );

  /** §3 wallet list: the space's wallets the user may see, with amounts from the balance cache. */
  app.get(
    '/wallets',
    {
      config: { access: inSpace('wallet.view') },
      schema: {
        response: replies(walletListReply),
        tags,
        querystring: walletListQuery,
        summary: 'Wallet list (page size 100)',
      },
    },
    async (request, reply) => reply.ok(await walletListPage(ctx, request, request.query)),
  );

  app.get(
    '/wallets/archive',
    {
      config: { access: inSpace('wallet.view_archive') },
      schema: {
        response: replies(walletListReply),
        tags,
        querystring: walletListQuery.omit({ archived: true }),
        summary: 'Archived wallets (admins)',
      },
    },
    async (request, reply) =>
      reply.ok(await walletListPage(ctx, request, { ...request.query, archived: 'true' })),
  );

  app.get(
    '/wallets/base-info',
    {
      config: { access: inSpace('wallet.view') },
      schema: {
        response: replies(walletDetailReply),
        tags,
        querystring: walletIdQuery,
        summary: 'One wallet: configuration, signers, roles',
      },
    },
    async (request, reply) => {
      const { wallet, relation } = await loadWallet(ctx.db, request, request.query.wallet_id, {
        allowArchived: true,
      });
      const [signers, members] = await walletPeople(ctx.db, wallet.id);
      const byRole = (role: string) =>
        members.filter((m) => m.role === role).map(({ role: _r, ...rest }) => rest);
      return reply.ok({
        ...presentWallet(wallet),
        signers,
        operators: byRole('operator'),
        approvers: byRole('approver'),
        viewers: byRole('viewer'),
        risk_control_users: byRole('risk_control'),
        broadcasters: byRole('broadcaster'),
        my_roles: [...relation.roles],
        is_signer: relation.isSigner,
      });
    },
  );

  app.get(
    '/wallets/asset-info',
    {
      config: { access: inSpace('wallet.view') },
      schema: {
        response: replies(walletAssetsReply),
        tags,
        querystring: walletIdQuery,
        summary: 'Balances per token with prices and proportions',
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.query.wallet_id, { allowArchived: true });
      return reply.ok(await walletAssetInfo(ctx, wallet));
    },
  );

  app.get(
    '/wallets/asset-info/export',
    {
      config: { access: inSpace('wallet.view') },
      schema: {
        response: fileReplies('text/csv', "The wallet's balances per token as CSV (UTF-8 with a BOM)"),
        tags,
        querystring: walletIdQuery,
        summary: 'Export balances per token',
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.query.wallet_id, { allowArchived: true });
      const info = await walletAssetInfo(ctx, wallet);
      return sendCsv(
        reply,
        `wallet-assets-${wallet.id}.csv`,
        [
          'symbol',
          'contract_address',
          'amount',
          'available_amount',
          'lock_amount',
          'price_usd',
          'value_usd',
          'proportion_percent',
        ],
        info.detail.map((line) => [
          line.symbol,
          line.contract_address,
          line.amount,
          line.available_amount,
          line.lock_amount,
          line.price,
          line.value,
          line.proportion,
        ]),
      );
    },
  );

  app.post(
    '/wallets/refresh-balance',
    {
      config: { access: inSpace('wallet.view') },
      schema: {
        response: replies(doneReply),
        tags,
        body: walletIdBody,
        summary: "Read this wallet's balances from the chain now",
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      await refreshBalances(ctx, [wallet.id]);
      return reply.ok({});
    },
  );

  app.get(
    '/wallets/address',
    {
      config: { access: inSpace('wallet.view') },
      schema: {
        response: replies(depositAddressReply),
        tags,
        querystring: walletIdQuery,
        summary: 'Deposit address with a QR code',
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.query.wallet_id);
      const address = wallet.address ?? '';
      return reply.ok({
        address,
        chain_id: wallet.chain_key,
        qr_code: address ? await QRCode.toDataURL(address, { margin: 1, width: 220 }) : null,
        deployed: wallet.status === WalletStatus.Normal,
      });
    },
  );
}

/** A wallet's balances per token with prices, locked and available amounts (the assets tab). */
async function walletAssetInfo(ctx: AppContext, wallet: { id: number; chain_key: string }) {
  const tokens = await walletTokens(ctx, ctx.db, wallet);
  const balances = (await cachedBalances(ctx.db, [wallet.id])).get(wallet.id) ?? new Map();
  const { lines, total } = assetLines(tokens, balances);
  // Amounts of active transfers are locked (§5: "not above balance" counts them).
  const locks = await lockedAmounts(ctx.db, wallet.id);
  const locked = new Map(locks.filter((row) => row.token_key).map((row) => [row.token_key!, row.locked]));
  const detail = lines.map((line, i) => {
    const token = tokens[i]!;
    const lockedRaw = BigInt(locked.get(token.key) ?? '0');
    const balanceRaw = BigInt(balances.get(token.key) ?? '0');
    return {
      ...line,
      lock_amount: formatUnits(lockedRaw, token.decimals),
      available_amount: formatUnits(balanceRaw > lockedRaw ? balanceRaw - lockedRaw : 0n, token.decimals),
    };
  });
  const lockedUsd = walletValueUsd(tokens, locked);
  const updated = await balancesUpdatedAt(ctx.db, wallet.id);
  return {
    amount: round(total, 2),
    available_amount: round(subtract(total, lockedUsd), 2),
    lock_amount: round(lockedUsd, 2),
    detail,
    update_time: updated?.at ? new Date(updated.at).toISOString() : null,
    currency: 'USD' as const,
  };
}
