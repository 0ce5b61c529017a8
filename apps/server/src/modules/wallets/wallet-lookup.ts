import type { AddressType, BroadcastUsers, WalletSchedule, WalletsForTask } from '@keystead/contract';
import { isFamilyError } from '@keystead/chains';
import type { AppContext } from '../../context';
import type { Wallet } from '../../db/schema';
import type { CommandContext } from '../../lib/command-context';
import { canOnWallet } from '../policy/policy';
import { addressTags, AddressTag } from '../transfers/address-tags';
import { formatUnits } from './decimal';
import { walletRelation } from './wallet-access';
import { cachedBalances, walletTokens } from './wallet-assets';
import { creationTask, membersWithKeys, operatedWallets, spaceWalletAt } from './wallet-lookups';
import { lockedAmounts } from './wallet-repository';
import { SignType, WalletStatus } from './wallet-status';

/**
 * Setup progress (§4 wallet setup): created → what must happen on chain (a Safe deployment) →
 * the ownership proof of an imported address → ready. Steps a wallet does not need are skipped.
 */
export async function walletSchedule(ctx: AppContext, wallet: Wallet): Promise<WalletSchedule> {
  const task = await creationTask(ctx.db, wallet.id);
  const ready = wallet.status === WalletStatus.Normal || wallet.status === WalletStatus.Archived;
  const onChain = (() => {
    if (!task) return { state: 'skipped' as const, tx_hash: null, at: null };
    if (ready)
      return { state: 'done' as const, tx_hash: wallet.deploy_tx_hash, at: task.updated_at.toISOString() };
    return { state: 'current' as const, tx_hash: wallet.deploy_tx_hash, at: null };
  })();
  const imported = wallet.sign_type === SignType.Single;
  const verification = !imported
    ? { state: 'skipped' as const, at: null }
    : wallet.status === WalletStatus.AwaitingVerification
      ? { state: 'current' as const, at: null }
      : { state: 'done' as const, at: wallet.updated_at.toISOString() };
  return {
    wallet_id: wallet.id,
    status: wallet.status,
    steps: [
      { step: 'created', state: 'done', tx_hash: null, at: wallet.created_at.toISOString() },
      { step: 'on_chain_setup', ...onChain },
      { step: 'verification', tx_hash: null, ...verification },
      {
        step: 'ready',
        state: ready ? 'done' : 'waiting',
        tx_hash: null,
        at: ready ? wallet.updated_at.toISOString() : null,
      },
    ],
  };
}

/** Wallets the caller operates, each asset with its cached balance, what active transfers lock, and the rest. */
export async function walletsForTask(
  ctx: AppContext,
  actor: CommandContext,
  chainKey: string | undefined,
): Promise<WalletsForTask['list']> {
  const wallets = await operatedWallets(ctx.db, actor.organization.id, actor.user.id, chainKey);
  const balances = await cachedBalances(
    ctx.db,
    wallets.map((w) => w.id),
  );
  return Promise.all(
    wallets.map(async (wallet) => {
      const [tokens, locks] = await Promise.all([
        walletTokens(ctx, ctx.db, { id: wallet.id, chain_key: wallet.chain_key }),
        lockedAmounts(ctx.db, wallet.id),
      ]);
      const cached = balances.get(wallet.id) ?? new Map<string, string>();
      const locked = new Map(locks.map((row) => [row.token_key, BigInt(row.locked ?? '0')]));
      return {
        wallet_id: wallet.id,
        name: wallet.name,
        chain_id: wallet.chain_key,
        address: wallet.address,
        sign_type: wallet.sign_type,
        assets: tokens.map((token) => {
          const balance = BigInt(cached.get(token.key) ?? '0');
          const held = locked.get(token.key) ?? 0n;
          const available = balance > held ? balance - held : 0n;
          return {
            token_key: token.key,
            symbol: token.symbol,
            balance: formatUnits(balance, token.decimals),
            locked: formatUnits(held, token.decimals),
            available: formatUnits(available, token.decimals),
          };
        }),
      };
    }),
  );
}

/**
 * The joined members the wallet's broadcast scope lets broadcast a transfer (canOnWallet
 * 'broadcast', with its operators standing for "the initiator"), and broadcasters.
 */
export async function broadcastUsers(ctx: AppContext, wallet: Wallet): Promise<BroadcastUsers> {
  const { members } = await membersWithKeys(ctx.db, wallet.organization_id);
  const list: BroadcastUsers['list'] = [];
  for (const member of members) {
    const relation = await walletRelation(ctx.db, wallet.id, member.user_id);
    const decision = canOnWallet(member.role, relation, 'broadcast', {
      userId: member.user_id,
      createdBy: null,
      broadcastScope: wallet.broadcast_scope,
    });
    if (decision.allowed)
      list.push({ user_id: member.user_id, nickname: member.nickname, email: member.email });
  }
  return {
    wallet_id: wallet.id,
    broadcast_scope: wallet.broadcast_scope,
    automatic: ctx.chains.family(wallet.chain_key).capabilities.broadcast === 'server-finalizes',
    list,
  };
}

/** What an address is to the space (§3 tags in one word), and whether the chain can pay to it. */
export async function addressType(
  ctx: AppContext,
  organizationId: number,
  chainKey: string,
  address: string,
): Promise<AddressType> {
  const family = ctx.chains.family(chainKey);
  let canonical = address;
  let valid = true;
  try {
    canonical = family.recipient(address);
  } catch (error) {
    if (!isFamilyError(error)) throw error;
    valid = false;
  }
  const [own, tags] = await Promise.all([
    spaceWalletAt(ctx.db, organizationId, chainKey, canonical),
    addressTags(ctx.db, organizationId, canonical),
  ]);
  const type = own
    ? 'own_wallet'
    : tags.tags.includes(AddressTag.AddressBook)
      ? 'address_book'
      : tags.tags.includes(AddressTag.New)
        ? 'new'
        : 'known_recipient';
  return { type, valid, wallet_id: own?.id ?? null, name: own?.name ?? null, similar_to: tags.similar_to };
}
