import QRCode from 'qrcode';
import { sql } from 'kysely';
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
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { requireSpace } from '../../plugins/access';
import { SIGNED_IN, inSpace } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import { AppError } from '../../lib/app-error';
import { canViewWalletArchive, seesEveryWallet } from '../policy/policy';
import { formatUnits, multiply, round, subtract } from './decimal';
import { currencyRate } from './prices';
import { refreshBalances } from '../../jobs/wallet-jobs';
import { loadWallet } from './wallet-access';
import { assetLines, cachedBalances, walletTokens, walletValueUsd } from './wallet-assets';
import { presentWallet } from './wallet-presenter';
import { TaskStatus, TaskType, WalletStatus } from './wallet-status';

const tags = ['wallet'];

function groupBy<T, K>(items: T[], key: (item: T) => K): Map<K, T[]> {
  const groups = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return groups;
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
    async (request, reply) => {
      const { organization, member } = requireSpace(request);
      const { user } = requireUser(request);
      const { page, page_size, sign_type, chain_key, keyword, archived } = request.query;
      if (archived === 'true') {
        const archive = canViewWalletArchive(member.role);
        if (!archive.allowed) throw new AppError(archive.code!);
      }
      let query = ctx.db
        .selectFrom('wallets as w')
        .where('w.organization_id', '=', organization.id)
        .where('w.status', archived === 'true' ? '=' : '<>', WalletStatus.Archived);
      if (!seesEveryWallet(member.role)) {
        query = query.where((eb) =>
          eb.or([
            eb.exists(
              eb
                .selectFrom('wallet_members as r')
                .select('r.wallet_id')
                .whereRef('r.wallet_id', '=', 'w.id')
                .where('r.user_id', '=', user.id),
            ),
            eb.exists(
              eb
                .selectFrom('wallet_signers as s')
                .select('s.wallet_id')
                .whereRef('s.wallet_id', '=', 'w.id')
                .where('s.user_id', '=', user.id),
            ),
          ]),
        );
      }
      if (sign_type) query = query.where('w.sign_type', '=', sign_type);
      if (chain_key) query = query.where('w.chain_key', '=', chain_key);
      if (keyword)
        query = query.where((eb) =>
          eb.or([eb('w.name', 'ilike', `%${keyword}%`), eb('w.address', 'ilike', `%${keyword}%`)]),
        );
      const [wallets, total] = await Promise.all([
        query
          .selectAll('w')
          .orderBy('w.id')
          .limit(page_size)
          .offset((page - 1) * page_size)
          .execute(),
        query.select(sql<number>`count(*)`.as('n')).executeTakeFirstOrThrow(),
      ]);
      const ids = wallets.map((w) => w.id);
      const [roles, signing, spaceTotal] = await Promise.all([
        ids.length
          ? ctx.db
              .selectFrom('wallet_members')
              .select(['wallet_id', 'role', 'user_id'])
              .where('wallet_id', 'in', ids)
              .execute()
          : [],
        ids.length
          ? ctx.db
              .selectFrom('wallet_signers')
              .select(['wallet_id', 'user_id'])
              .where('wallet_id', 'in', ids)
              .execute()
          : [],
        query.select(sql<string>`coalesce(sum(w.value_usd), 0)::text`.as('value')).executeTakeFirstOrThrow(),
      ]);
      const rolesByWallet = groupBy(roles, (r) => r.wallet_id);
      const signersByWallet = groupBy(signing, (s) => s.wallet_id);
      const list = wallets.map((wallet) => {
        const total = String(wallet.value_usd);
        const walletRoles = rolesByWallet.get(wallet.id) ?? [];
        const mine = walletRoles.filter((r) => r.user_id === user.id).map((r) => r.role);
        return {
          ...presentWallet(wallet),
          enable_status: wallet.status === WalletStatus.Normal,
          permission_num: walletRoles.length,
          amount: round(total, 2),
          // Locked amounts belong to pending transfers (none yet): available = amount.
          lock_amount: '0.00',
          available_amount: round(total, 2),
          roles: mine,
          is_operator: mine.includes('operator'),
          is_single_wallet_signer: (signersByWallet.get(wallet.id) ?? []).some((s) => s.user_id === user.id),
          task_id: null,
        };
      });
      // Totals in the user's currency (§2 asset home); per-wallet amounts stay in USD like the assets tab.
      const currency = user.currency;
      return reply.ok({
        list,
        page,
        page_size,
        total: Number(total.n),
        total_amount: round(spaceTotal.value, 2),
        currency: 'USD',
        user_currency: currency,
        total_in_user_currency: round(multiply(spaceTotal.value, currencyRate(currency)), 2),
      });
    },
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
      const [signers, members] = await Promise.all([
        ctx.db
          .selectFrom('wallet_signers as s')
          .innerJoin('users as u', 'u.id', 's.user_id')
          .select(['s.address', 's.weight', 's.user_id', 'u.nickname', 'u.email'])
          .where('s.wallet_id', '=', wallet.id)
          .execute(),
        ctx.db
          .selectFrom('wallet_members as m')
          .innerJoin('users as u', 'u.id', 'm.user_id')
          .select(['m.role', 'm.user_id', 'u.nickname', 'u.email'])
          .where('m.wallet_id', '=', wallet.id)
          .execute(),
      ]);
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
      const tokens = await walletTokens(ctx, ctx.db, wallet);
      const balances = (await cachedBalances(ctx.db, [wallet.id])).get(wallet.id) ?? new Map();
      const { lines, total } = assetLines(tokens, balances);
      // Amounts of active transfers are locked (§5: "not above balance" counts them).
      const ACTIVE = [
        TaskStatus.PendingApproval,
        TaskStatus.PendingSignature,
        TaskStatus.PendingBroadcast,
        TaskStatus.OnChain,
      ];
      const locks = await ctx.db
        .selectFrom('tasks as t')
        .select(['t.token_key', sql<string>`sum(t.amount)::text`.as('locked')])
        .where('t.wallet_id', '=', wallet.id)
        .where('t.type', '=', TaskType.Transfer)
        .where('t.status', 'in', ACTIVE)
        // A Bitcoin speed-up spends the same coins as its original: count only the newest of a pair.
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('tasks as r')
                .select('r.id')
                .whereRef('r.replaces', '=', 't.id')
                .where('r.status', 'in', ACTIVE),
            ),
          ),
        )
        .groupBy('t.token_key')
        .execute();
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
      const updated = await ctx.db
        .selectFrom('wallet_balances')
        .select(sql<Date>`max(updated_at)`.as('at'))
        .where('wallet_id', '=', wallet.id)
        .executeTakeFirst();
      return reply.ok({
        amount: round(total, 2),
        available_amount: round(subtract(total, lockedUsd), 2),
        lock_amount: round(lockedUsd, 2),
        detail,
        update_time: updated?.at ? new Date(updated.at).toISOString() : null,
        currency: 'USD',
      });
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
