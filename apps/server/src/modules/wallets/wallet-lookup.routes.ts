import {
  addressTypeQuery,
  addressTypeReply,
  availableUsersQuery,
  availableUsersReply,
  broadcastUsersReply,
  chainKeyQuery,
  chainTokensReply,
  liveBalanceQuery,
  liveBalanceReply,
  setupDepositReply,
  signingProtocolsReply,
  simpleWalletsQuery,
  simpleWalletsReply,
  upcomingTasksReply,
  walletExistQuery,
  walletExistReply,
  walletIdQuery,
  walletScheduleReply,
  walletsForTaskQuery,
  walletsForTaskReply,
  walletStatusInfoReply,
} from '@keystead/contract';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { commandContext } from '../../lib/command-context';
import { replies } from '../../lib/replies';
import { requireSpace } from '../../plugins/access';
import { SIGNED_IN, inSpace } from '../../plugins/access-rules';
import { canViewWalletArchive, seesEveryWallet } from '../policy/policy';
import { familyWallet, family as familyCall } from '../transfers/transfer-family';
import { addressType, broadcastUsers, walletSchedule, walletsForTask } from './wallet-lookup';
import { loadWallet, loadWalletFor } from './wallet-access';
import { chainTokens } from './wallet-assets';
import { formatUnits } from './decimal';
import { membersWithKeys, spaceWalletAt, upcomingTransfers, visibleWallets } from './wallet-lookups';

const tags = ['wallet'];
const view = { access: inSpace('wallet.view') };

/** §7 look-ups around wallets: pickers, existence, setup progress, who may act, what an address is. */
export async function walletLookupRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/wallets/simple',
    {
      config: view,
      schema: {
        response: replies(simpleWalletsReply),
        tags,
        querystring: simpleWalletsQuery,
        summary: 'The wallets the caller sees, for pickers',
      },
    },
    async (request, reply) => {
      const { organization, member, user } = commandContext(request);
      const archived = request.query.archived === 'true';
      if (archived) {
        const decision = canViewWalletArchive(member.role);
        if (!decision.allowed) throw new AppError(decision.code!);
      }
      const rows = await visibleWallets(ctx.db, {
        organizationId: organization.id,
        visibleTo: seesEveryWallet(member.role) ? null : user.id,
        archived,
        chainKey: request.query.chain_key,
      });
      return reply.ok({
        list: rows.map((w) => ({
          wallet_id: w.id,
          name: w.name,
          chain_id: w.chain_key,
          address: w.address,
          sign_type: w.sign_type,
          status: w.status,
        })),
      });
    },
  );

  app.get(
    '/wallets/exist',
    {
      config: view,
      schema: {
        response: replies(walletExistReply),
        tags,
        querystring: walletExistQuery,
        summary: "Whether an address is already one of this space's wallets",
      },
    },
    async (request, reply) => {
      const { organization } = requireSpace(request);
      const { chain_key, address } = request.query;
      const found = await spaceWalletAt(ctx.db, organization.id, chain_key, address);
      return reply.ok({ exist: Boolean(found), wallet_id: found?.id ?? null });
    },
  );

  app.get(
    '/wallets/have-upcoming-task',
    {
      config: view,
      schema: {
        response: replies(upcomingTasksReply),
        tags,
        querystring: walletIdQuery,
        summary: 'Active transfers that block archiving or changing approvers',
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.query.wallet_id);
      const { active, pendingApproval } = await upcomingTransfers(ctx.db, wallet.id);
      return reply.ok({ have: active > 0, active, pending_approval: pendingApproval });
    },
  );

  app.get(
    '/wallets/status',
    {
      config: view,
      schema: {
        response: replies(walletStatusInfoReply),
        tags,
        querystring: walletIdQuery,
        summary: "A wallet's status (§4) and its deployment hash when one was sent",
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.query.wallet_id, { allowArchived: true });
      return reply.ok({ wallet_id: wallet.id, status: wallet.status, deploy_tx_hash: wallet.deploy_tx_hash });
    },
  );

  app.get(
    '/wallets/schedule',
    {
      config: view,
      schema: {
        response: replies(walletScheduleReply),
        tags,
        querystring: walletIdQuery,
        summary: "A wallet's setup progress: created, on-chain setup, verification, ready",
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.query.wallet_id, { allowArchived: true });
      return reply.ok(await walletSchedule(ctx, wallet));
    },
  );

  app.get(
    '/wallets/token',
    {
      config: view,
      schema: {
        response: replies(chainTokensReply),
        tags,
        querystring: chainKeyQuery,
        summary: "The chain's coin and its well-known tokens",
      },
    },
    async (request, reply) => {
      const chainKey = request.query.chain_key;
      if (!ctx.chains.supported().some((info) => info.key === chainKey))
        throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
      const list = chainTokens(ctx, chainKey, []).map(({ contract, symbol, decimals }) => ({
        contract,
        symbol,
        decimals,
      }));
      return reply.ok({ chain_id: chainKey, list });
    },
  );

  app.get(
    '/wallets/available-user',
    {
      config: { access: inSpace('member.view') },
      schema: {
        response: replies(availableUsersReply),
        tags,
        querystring: availableUsersQuery,
        summary: 'Joined members who can take a wallet role, with their signer keys usable on the chain',
      },
    },
    async (request, reply) => {
      const { organization } = requireSpace(request);
      const family = ctx.chains.family(request.query.chain_key);
      const { members, keys } = await membersWithKeys(ctx.db, organization.id);
      const usable = keys.filter(
        (key) =>
          family.signerKey({
            family: key.family,
            chainKey: key.chain_key ?? '',
            address: key.address,
            fingerprint: key.fingerprint,
            derivationPath: key.derivation_path,
          }) !== null,
      );
      return reply.ok({
        list: members.map((m) => ({
          user_id: m.user_id,
          nickname: m.nickname,
          email: m.email,
          role: m.role,
          signer_keys: usable
            .filter((key) => key.user_id === m.user_id)
            .map((key) => ({ id: key.id, name: key.name, address: key.address })),
        })),
      });
    },
  );

  app.get(
    '/wallets/list-for-task',
    {
      config: { access: inSpace('transfer.act') },
      schema: {
        response: replies(walletsForTaskReply),
        tags,
        querystring: walletsForTaskQuery,
        summary: 'Wallets the caller may start a transfer from, with available balances',
      },
    },
    async (request, reply) =>
      reply.ok({ list: await walletsForTask(ctx, commandContext(request), request.query.chain_key) }),
  );

  app.get(
    '/wallets/broadcast-user',
    {
      config: view,
      schema: {
        response: replies(broadcastUsersReply),
        tags,
        querystring: walletIdQuery,
        summary: "Who may broadcast the wallet's transfers, by its broadcast scope",
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.query.wallet_id);
      return reply.ok(await broadcastUsers(ctx, wallet));
    },
  );

  app.get(
    '/addr-type',
    {
      config: { access: inSpace('transfer.act') },
      schema: {
        response: replies(addressTypeReply),
        tags,
        querystring: addressTypeQuery,
        summary: 'What an address is to the space: own wallet, address book, known recipient or new',
      },
    },
    async (request, reply) => {
      const { organization } = requireSpace(request);
      return reply.ok(
        await addressType(ctx, organization.id, request.query.chain_key, request.query.address),
      );
    },
  );

  app.get(
    '/balance',
    {
      config: view,
      schema: {
        response: replies(liveBalanceReply),
        tags,
        querystring: liveBalanceQuery,
        summary: "A space wallet's balance read from the chain now",
      },
    },
    async (request, reply) => {
      const actor = commandContext(request);
      const { chain_key, address } = request.query;
      const found = await spaceWalletAt(ctx.db, actor.organization.id, chain_key, address);
      if (!found) throw new AppError('WALLET_NOT_FOUND_ERROR');
      const { wallet } = await loadWalletFor(ctx.db, actor, found.id);
      const family = ctx.chains.family(chain_key);
      const tokens = chainTokens(ctx, chain_key, []);
      // A chain that could not be read is an error, never a zero balance.
      const sheet = await familyCall(() => family.readBalances([familyWallet(wallet)], tokens)).catch(
        (error: unknown) => {
          throw error instanceof AppError ? error : new AppError('WS_BALANCE_QUERY_ERROR');
        },
      );
      const balances = sheet.get(familyWallet(wallet).address);
      if (!balances) throw new AppError('WS_BALANCE_QUERY_ERROR');
      return reply.ok({
        wallet_id: wallet.id,
        list: tokens.map((token) => ({
          token_key: token.key,
          symbol: token.symbol,
          balance: formatUnits(balances.get(token.key) ?? 0n, token.decimals),
        })),
      });
    },
  );

  app.get(
    '/permission-address/protocol',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(signingProtocolsReply),
        tags: ['signer'],
        summary: 'How signers of each chain family prove their key and sign transfers',
      },
    },
    async (_request, reply) => {
      const byFamily = new Map<
        string,
        { chains: string[]; protocols: { key: string; ownership: string; transfer: string } }
      >();
      for (const info of ctx.chains.supported()) {
        const entry = byFamily.get(info.family);
        if (entry) entry.chains.push(info.key);
        else
          byFamily.set(info.family, {
            chains: [info.key],
            protocols: ctx.chains.family(info.key).capabilities.protocols,
          });
      }
      return reply.ok({
        list: [...byFamily].map(([family, { chains, protocols }]) => ({ family, chains, ...protocols })),
      });
    },
  );

  app.get(
    '/wallets/initialization/volume',
    {
      config: view,
      schema: {
        response: replies(setupDepositReply),
        tags,
        querystring: chainKeyQuery,
        summary: "What a new wallet's address must hold before its setup (activation reserve)",
      },
    },
    async (request, reply) => {
      const family = ctx.chains.family(request.query.chain_key);
      const { key, nativeSymbol, nativeDecimals } = family.chain.info;
      return reply.ok({
        chain_id: key,
        symbol: nativeSymbol,
        amount: formatUnits(family.capabilities.setupDeposit, nativeDecimals),
      });
    },
  );
}
