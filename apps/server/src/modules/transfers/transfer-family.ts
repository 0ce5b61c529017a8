import {
  isFamilyError,
  type FamilyAdapter,
  type FamilyWallet,
  type FeeChoice,
  type StoredTransfer,
} from '@keystead/chains';
import { isErrorCode, isErrorReason } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { Task, Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { feePayerSigner } from '../fee-payers/fee-payer-keys';
import type { TaskInputRow } from './transfer-repository';
import { jsonColumn } from '../../lib/json-column';

/** The family adapter of a wallet's chain (refused when this server has no such chain). */
export function familyOf(ctx: AppContext, chainKey: string): FamilyAdapter {
  return ctx.chains.family(chainKey);
}

/** A wallet row as family adapters see it. */
export function familyWallet(wallet: Wallet): FamilyWallet {
  const keys = jsonColumn(wallet.utxo_keys);
  return {
    address: wallet.address ?? '',
    threshold: wallet.threshold,
    keys,
    nextReceiveIndex: wallet.next_receive_index,
    nextChangeIndex: wallet.next_change_index,
    ...(wallet.recovery_module ? { trustedModules: [wallet.recovery_module] } : {}),
    ...(wallet.timelock_recovery ? { timelockRecovery: timelockRecoveryOf(wallet)! } : {}),
  };
}

/** What wallets.timelock_recovery holds (see migration 0035). */
export interface TimelockRecoveryColumn {
  key: { xpub: string; fingerprint: string; path: string };
  blocks: number;
  recoverer_user_id: number | null;
}

export function timelockRecoveryOf(wallet: Pick<Wallet, 'timelock_recovery'>): TimelockRecoveryColumn | null {
  return wallet.timelock_recovery ? (jsonColumn(wallet.timelock_recovery) as TimelockRecoveryColumn) : null;
}

/** A wallet row as family adapters see it, with the space's fee payer where its family is fee-sponsored (Solana). */
export async function payingWallet(ctx: AppContext, wallet: Wallet): Promise<FamilyWallet> {
  const plain = familyWallet(wallet);
  if (!familyOf(ctx, wallet.chain_key).sponsoredSetup) return plain;
  const feePayer = await feePayerSigner(ctx, wallet.organization_id);
  return feePayer ? { ...plain, feePayer } : plain;
}

/** A task row (and the inputs it holds) as the adapter's stored transfer. */
export function storedTransfer(task: Task, inputs: TaskInputRow[] = []): StoredTransfer {
  if (!task.payload) throw new AppError('TASK_STATUS_ERROR');
  return {
    payload: task.payload,
    payloadHash: task.payload_hash,
    sequence: task.sequence === null ? null : BigInt(task.sequence),
    fee: {
      total: task.fee_sat === null ? null : BigInt(task.fee_sat),
      rate: task.fee_rate,
      vsize: task.vsize,
    },
    inputs: inputs.map((r) => ({
      outpoint: r.outpoint,
      value: BigInt(r.value),
      branch: r.branch as 0 | 1,
      index: r.address_index,
    })),
  };
}

/** When a waiting transfer's transaction stops being signable (Tron's 24 h), or null where it does not expire. */
export function signingExpiry(ctx: AppContext, task: Task): Date | null {
  if (!task.payload || !task.chain_key || task.status > 3) return null;
  try {
    return ctx.chains.family(task.chain_key).signingWindow?.expiresAt(storedTransfer(task)) ?? null;
  } catch {
    return null;
  }
}

/** The fee a request names, or the one stored with the task. */
export function feeChoice(tier: string, customRate: string | null | undefined): FeeChoice {
  if (tier === 'custom') return { tier: 'custom', rate: customRate ?? '0' };
  return { tier: tier as 'slow' | 'standard' | 'fast' };
}

/**
 * A family rule the user broke → the catalogue error: field (and param) fill the message, the
 * rest is data. A reason key is both: data.reason for programs, {reason} worded in the request's
 * language for people (with the field in data too, so a form can point at it).
 */
export function asAppError(error: unknown): unknown {
  if (!isFamilyError(error) || !isErrorCode(error.code)) return error;
  const { field, param, ...rest } = error.detail as { field?: string; param?: string } & Record<
    string,
    unknown
  >;
  const reason = isErrorReason(rest.reason) ? rest.reason : undefined;
  return new AppError(
    error.code,
    { ...(field ? { field } : {}), ...(param ? { param } : {}), ...(reason ? { reason } : {}) },
    Object.keys(rest).length ? { ...(reason && field ? { field } : {}), ...rest } : null,
  );
}

/** Runs adapter work, turning family errors into catalogue errors. */
export async function family<T>(work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asAppError(error);
  }
}
