import type { Kysely } from 'kysely';
import type { AppContext } from '../../context';
import type { Database, Wallet, WalletMemberRole } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { pendingChangeRow } from '../escrow/risk-changes';
import { writeAudit } from '../audit/audit.service';
import { markCodeUsed } from '../auth/email-code.service';
import { ACTIVE_STATUSES } from '../transfers/transfer-status';
import { family as familyWork } from '../transfers/transfer-family';
import {
  countJoinedMembers,
  deleteWalletRow,
  hasTransferIn,
  hasWalletToken,
  insertWalletToken,
  replaceRoleHolders,
  updateWallet,
} from './wallet-repository';
import { TaskStatus, WalletStatus } from './wallet-status';
import { familyAddressType, MAX_RISK_CONTROL_USERS, MAX_VIEWERS } from './wallet-rules';

/** A wallet setting changed in one transaction with its audit row. */
async function changeWallet(
  ctx: AppContext,
  actor: CommandContext,
  wallet: Wallet,
  operation: string,
  content: Record<string, unknown>,
  change: (trx: Kysely<Database>) => Promise<void>,
): Promise<void> {
  await ctx.db.transaction().execute(async (trx) => {
    await change(trx);
    await writeAudit(trx, {
      organizationId: wallet.organization_id,
      userId: actor.user.id,
      type: 'wallet',
      operation,
      ip: actor.ip,
      content: { wallet_id: wallet.id, ...content },
    });
  });
}

/** Replaces the holders of one wallet role; every holder must be a joined member. */
export async function setWalletRole(
  ctx: AppContext,
  actor: CommandContext,
  wallet: Wallet,
  role: Exclude<WalletMemberRole, 'approver'>,
  userIds: number[],
): Promise<void> {
  const unique = [...new Set(userIds)];
  assertRoleCount(role, unique);
  await changeWallet(ctx, actor, wallet, `set_${role}`, { user_ids: unique }, async (trx) => {
    await assertJoinedMembers(trx, wallet.organization_id, unique);
    await replaceRoleHolders(trx, wallet.id, role, unique);
  });
}

/** Approvers and the approval threshold together; not while a transfer waits for approval. */
export async function setWalletApprovers(
  ctx: AppContext,
  actor: CommandContext,
  wallet: Wallet,
  userIds: number[],
  threshold: number,
): Promise<void> {
  const unique = [...new Set(userIds)];
  assertApprovalThreshold(unique, threshold);
  await changeWallet(ctx, actor, wallet, 'set_approver', { user_ids: unique }, async (trx) => {
    await assertJoinedMembers(trx, wallet.organization_id, unique);
    await replaceApprovers(trx, wallet, unique, threshold);
  });
}

/** The count rules of one role's new holders (§5): an operator at least, at most 5 viewers and risk-control users. */
export function assertRoleCount(role: Exclude<WalletMemberRole, 'approver'>, userIds: number[]): void {
  const count = new Set(userIds).size;
  if (role === 'operator' && count === 0) throw new AppError('WALLET_OPERATOR_REQUIRED_ERROR');
  if (role === 'viewer' && count > MAX_VIEWERS)
    throw new AppError('LIMIT_VIEWERS_ERROR', { max: MAX_VIEWERS });
  if (role === 'risk_control' && count > MAX_RISK_CONTROL_USERS)
    throw new AppError('LIMIT_RISK_CONTROL_USERS_ERROR', { max: MAX_RISK_CONTROL_USERS });
}

export interface WalletPermissionsInput {
  operators?: number[] | undefined;
  approvers?: number[] | undefined;
  approval_threshold?: number | undefined;
  viewers?: number[] | undefined;
  risk_control_users?: number[] | undefined;
  broadcasters?: number[] | undefined;
}

/**
 * Several roles at once (POST /wallets/multi-permission): every rule of the one-role changes,
 * checked before anything is written, then one transaction and one audit row.
 */
export async function setWalletPermissions(
  ctx: AppContext,
  actor: CommandContext,
  wallet: Wallet,
  input: WalletPermissionsInput,
): Promise<void> {
  const roles = (
    [
      ['operator', input.operators],
      ['viewer', input.viewers],
      ['risk_control', input.risk_control_users],
      ['broadcaster', input.broadcasters],
    ] as const
  ).flatMap(([role, ids]) => (ids ? [{ role, ids: [...new Set(ids)] }] : []));
  for (const { role, ids } of roles) assertRoleCount(role, ids);
  const approvers = input.approvers ? [...new Set(input.approvers)] : null;
  const threshold = input.approval_threshold ?? (approvers ? null : undefined);
  if (threshold === null) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'approval_threshold' });
  if (threshold !== undefined && !approvers)
    throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'approvers' });
  if (approvers && threshold !== undefined) assertApprovalThreshold(approvers, threshold);
  if (roles.length === 0 && !approvers) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'operators' });
  const content = Object.fromEntries([
    ...roles.map(({ role, ids }) => [role, ids]),
    ...(approvers
      ? [
          ['approver', approvers],
          ['approval_threshold', threshold],
        ]
      : []),
  ]);
  await changeWallet(ctx, actor, wallet, 'set_permissions', content, async (trx) => {
    await assertJoinedMembers(trx, wallet.organization_id, [
      ...roles.flatMap((r) => r.ids),
      ...(approvers ?? []),
    ]);
    for (const { role, ids } of roles) await replaceRoleHolders(trx, wallet.id, role, ids);
    if (approvers) await replaceApprovers(trx, wallet, approvers, threshold!);
  });
}

function assertApprovalThreshold(approvers: number[], threshold: number): void {
  if (threshold > approvers.length || (approvers.length > 0 && threshold < 1))
    throw new AppError('WALLET_APPROVE_THRESHOLD_ERROR');
}

/** Approvers and threshold inside a change; refused while a transfer waits for approval. */
async function replaceApprovers(
  trx: Kysely<Database>,
  wallet: Wallet,
  approvers: number[],
  threshold: number,
) {
  await replaceRoleHolders(trx, wallet.id, 'approver', approvers);
  // A transfer or a risk-control change waiting for approval keeps the approvers it was put to.
  if (
    (await hasTransferIn(trx, wallet.id, [TaskStatus.PendingApproval])) ||
    (await pendingChangeRow(trx, wallet.id))
  )
    throw new AppError('WALLET_APPROVER_EDIT_BLOCKED_ERROR');
  await updateWallet(trx, wallet.id, { approval_threshold: threshold });
}

async function assertJoinedMembers(trx: Kysely<Database>, organizationId: number, userIds: number[]) {
  if (userIds.length === 0) return;
  if ((await countJoinedMembers(trx, organizationId, userIds)) !== new Set(userIds).size)
    throw new AppError('MEMBER_NOT_FOUND_ERROR');
}

/** Whitelist, asset tags or Dapps on or off; whitelist and Dapp cannot both be on (§4). */
export async function setWalletSwitch(
  ctx: AppContext,
  actor: CommandContext,
  wallet: Wallet,
  column: 'whitelist_on' | 'asset_tag_on' | 'dapp_on',
  open: boolean,
): Promise<void> {
  const conflict = column === 'whitelist_on' ? wallet.dapp_on : column === 'dapp_on' && wallet.whitelist_on;
  if (open && conflict) throw new AppError('DAPP_WHITELIST_CONFLICT_ERROR');
  await changeWallet(ctx, actor, wallet, `${column}_${open ? 'on' : 'off'}`, {}, (trx) =>
    updateWallet(trx, wallet.id, { [column]: open }),
  );
}

/** Name and remark; in a family space also what the wallet is for (§3 family address type). */
export async function renameWallet(
  ctx: AppContext,
  actor: CommandContext,
  wallet: Wallet,
  change: { name: string; remark?: string; family_address_type?: number },
): Promise<void> {
  const { name, remark, family_address_type: type } = change;
  if (type !== undefined) familyAddressType(actor.organization, type);
  const audit = {
    from: wallet.name,
    to: name,
    ...(type !== undefined && type !== wallet.family_address_type
      ? { family_address_type: { from: wallet.family_address_type, to: type } }
      : {}),
  };
  await changeWallet(ctx, actor, wallet, 'rename', audit, (trx) =>
    updateWallet(trx, wallet.id, {
      name,
      ...(remark !== undefined ? { remark } : {}),
      ...(type !== undefined ? { family_address_type: type } : {}),
    }),
  );
}

/** Archive (irreversible): the e-mail code is spent with it; refused while transfers are active. */
export async function archiveWallet(
  ctx: AppContext,
  actor: CommandContext,
  wallet: Wallet,
  emailCodeId: number,
): Promise<void> {
  await changeWallet(ctx, actor, wallet, 'archive', { name: wallet.name }, async (trx) => {
    await markCodeUsed(trx, emailCodeId);
    if (await hasTransferIn(trx, wallet.id, ACTIVE_STATUSES))
      throw new AppError('WALLET_DELETE_TASKS_PENDING_ERROR');
    await updateWallet(trx, wallet.id, { status: WalletStatus.Archived, archived_at: new Date() });
  });
}

/** A custom token: what the contract says of itself must match what was typed. */
export async function addCustomToken(
  ctx: AppContext,
  actor: CommandContext,
  wallet: Wallet,
  typed: { contract: string; symbol?: string | undefined; decimals?: number | undefined },
) {
  const family = ctx.chains.family(wallet.chain_key);
  if (!family.token) throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
  const token = await familyWork(() => family.token!(typed.contract));
  if (typed.decimals !== undefined && typed.decimals !== token.decimals)
    throw new AppError('PARAMS_INVALID_ERROR', { field: 'decimals' });
  if (typed.symbol && typed.symbol.toUpperCase() !== token.symbol.toUpperCase())
    throw new AppError('PARAMS_INVALID_ERROR', { field: 'symbol' });
  const known = ctx.chains
    .defaultTokens(wallet.chain_key)
    .some((t) => t.contract?.toLowerCase() === token.contract.toLowerCase());
  const audit = { contract: token.contract, symbol: token.symbol };
  await changeWallet(ctx, actor, wallet, 'add_token', audit, async (trx) => {
    if ((await hasWalletToken(trx, wallet.id, token.contract)) || known)
      throw new AppError('RESOURCE_EXISTS_ERROR', { resource: 'address' });
    await insertWalletToken(trx, {
      wallet_id: wallet.id,
      contract: token.contract,
      symbol: token.symbol,
      decimals: token.decimals,
      created_by: actor.user.id,
    });
  });
  return token;
}

/**
 * Deletes a single-signature wallet (§4: blocked while its tasks are pending). Its row goes with
 * its roles, tokens and balances; the audit row keeps what it was.
 */
export async function deleteSingleWallet(
  ctx: AppContext,
  actor: CommandContext,
  wallet: Wallet,
  emailCodeId: number,
): Promise<void> {
  await changeWallet(
    ctx,
    actor,
    wallet,
    'delete_single',
    { name: wallet.name, chain_id: wallet.chain_key, address: wallet.address },
    async (trx) => {
      await markCodeUsed(trx, emailCodeId);
      if (await hasTransferIn(trx, wallet.id, ACTIVE_STATUSES))
        throw new AppError('WALLET_DELETE_TASKS_PENDING_ERROR');
      await deleteWalletRow(trx, wallet.id);
    },
  );
}
