import type { z } from 'zod';
import {
  formatErrorMessage,
  PLANS,
  type batchBody,
  type BatchRowError,
  type Label,
  type Language,
} from '@keystead/contract';
import type { FamilyAdapter, IntentToken, TransferIntent } from '@keystead/chains';
import type { AppContext } from '../../context';
import type { Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { labelTree } from '../labels/labels';
import { effectivePlan } from '../spaces/space-presenter';
import type { WalletToken } from '../wallets/wallet-assets';
import type { KnownAddresses } from './address-tags';
import { parseAmount } from './amount';
import { parseBatchCsv, type BatchInputRow } from './batch-csv';
import type { BatchOutputRow } from './batch-repository';
import { checkRecipient, storeTransfer, walletToOperate } from './transfer-create';
import { familyOf, feeChoice } from './transfer-family';
import { EVM_BATCH_MAX_ROWS } from './batch-gas';
import { BATCH_TASK } from './transfer-status';
import { presentLabel, usableLabel } from '../labels/label-repository';

type BatchInput = z.infer<typeof batchBody>;

export interface CheckedBatch {
  wallet: Wallet & { address: string };
  adapter: FamilyAdapter;
  maxRecipients: number;
  tokens: WalletToken[];
  rows: (BatchOutputRow & { token: WalletToken; label: Label | null })[];
  intent: TransferIntent;
  tags: number[];
  labelId: number | null;
  known: KnownAddresses;
}

/**
 * Every §5 rule on every row of a batch, all problems collected with their row numbers: one bad
 * row refuses the whole list (BATCH_ROWS_INVALID_ERROR) and nothing is written. What the wallet
 * holds is checked when the family builds the one transaction.
 */
export async function checkBatch(
  ctx: AppContext,
  actor: CommandContext,
  input: BatchInput,
  language: Language,
): Promise<CheckedBatch> {
  const { wallet, tokens, known } = await walletToOperate(ctx, actor, input.wallet_id);
  const planMax = PLANS[effectivePlan(actor.organization)].batchRecipients;
  if (planMax === 0) throw new AppError('VIP_PLAN_LIMIT_EXCEEDED_ERROR');
  const adapter = familyOf(ctx, wallet.chain_key);
  if (!adapter.capabilities.batch) throw new AppError('TRANSFER_BATCH_UNSUPPORTED_ERROR');
  // A Safe batch is one transaction under the per-transaction gas cap.
  const evm = adapter.chain.info.family === 'EVM';
  const maxRecipients = evm ? Math.min(planMax, EVM_BATCH_MAX_ROWS) : planMax;
  if (input.csv !== undefined && input.rows !== undefined)
    throw new AppError('PARAMS_NOT_ALLOWED_ERROR', { field: 'rows' });
  const written: BatchInputRow[] =
    input.csv !== undefined
      ? parseBatchCsv(input.csv)
      : (input.rows ?? []).map((row, i) => ({
          row: i + 1,
          address: row.address.trim(),
          amount: row.amount.trim(),
          token: row.token?.trim() ?? '',
          memo: row.memo?.trim() ?? '',
          fund_purpose: row.fund_purpose?.trim() ?? '',
        }));
  if (written.length === 0) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'rows' });
  if (written.length > maxRecipients)
    throw new AppError('TRANSFER_MAX_ADDRESSES_ERROR', { max: maxRecipients });

  const labels = (await labelTree(ctx, actor.organization.id, 'enabled')).flatMap((c) => c.labels);
  const defaultRow =
    input.label_id === undefined ? null : await usableLabel(ctx.db, actor.organization.id, input.label_id);
  if (input.label_id !== undefined && !defaultRow) throw new AppError('TAG_NOT_FOUND_ERROR');
  const defaultLabel = defaultRow ? presentLabel(defaultRow) : null;

  const errors: BatchRowError[] = [];
  const refuse = (row: number, column: BatchRowError['column'], error: unknown) => {
    if (!(error instanceof AppError)) throw error;
    errors.push({
      row,
      column,
      code: error.code,
      message: formatErrorMessage(error.code, language, error.params),
    });
  };
  const rows: CheckedBatch['rows'] = [];
  const tags = new Set<number>();
  const seen = new Set<string>();
  for (const line of written) {
    const before = errors.length;
    const token = findToken(tokens, line.token);
    if (!token) refuse(line.row, 'token', new AppError('TOKEN_NOT_FOUND_ERROR'));
    let to = '';
    try {
      if (!line.address) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'address' });
      const checked = await checkRecipient(ctx, adapter, wallet, known, line.address, {
        smallAmountTest: false,
        acknowledgeSimilar: input.acknowledge_similar,
        many: true,
      });
      to = checked.to;
      checked.tags.forEach((t) => tags.add(t));
    } catch (error) {
      refuse(line.row, 'address', error);
    }
    let amount = 0n;
    try {
      if (token) amount = parseAmount(line.amount, token.decimals);
    } catch (error) {
      refuse(line.row, 'amount', error);
    }
    if (line.memo.length > 200)
      refuse(line.row, 'memo', new AppError('PARAMS_INVALID_ERROR', { field: 'memo' }));
    const label = line.fund_purpose ? findLabel(labels, line.fund_purpose) : defaultLabel;
    if (line.fund_purpose && !label) refuse(line.row, 'fund_purpose', new AppError('TAG_NOT_FOUND_ERROR'));
    else if (!label && wallet.asset_tag_on)
      refuse(line.row, 'fund_purpose', new AppError('TRANSFER_PURPOSE_REQUIRED_ERROR'));
    if (errors.length > before || !token) continue;
    // The same recipient twice for the same asset is almost always a pasted row: refuse it.
    const key = `${to.toLowerCase()}|${token.key}`;
    if (seen.has(key)) {
      refuse(line.row, 'address', new AppError('RESOURCE_EXISTS_ERROR', { resource: 'address' }));
      continue;
    }
    seen.add(key);
    rows.push({
      sourceRow: line.row,
      to,
      tokenKey: token.key,
      symbol: token.symbol,
      decimals: token.decimals,
      amount,
      memo: line.memo || null,
      labelId: label?.id ?? null,
      token,
      label: label ?? null,
    });
  }
  if (errors.length > 0)
    // With the rows as the server read them, so the screen shows each error beside its row.
    throw new AppError(
      'BATCH_ROWS_INVALID_ERROR',
      { count: new Set(errors.map((e) => e.row)).size },
      { rows: errors, sheet: written },
    );

  const asIntent = (token: WalletToken): IntentToken | null => (token.contract === null ? null : token);
  const intent: TransferIntent = {
    outputs: rows.map((row) => ({ to: row.to, amount: row.amount, token: asIntent(row.token) })),
    token: null,
    fee: feeChoice(input.fee_tier, input.custom_fee_gwei ?? input.custom_fee_rate),
  };
  const labelIds = new Set(rows.map((row) => row.labelId));
  const labelId = defaultLabel?.id ?? (labelIds.size === 1 ? [...labelIds][0]! : null);
  return { wallet, adapter, maxRecipients, tokens, rows, intent, tags: [...tags], labelId, known };
}

/** POST /task/one-to-many: the checked batch becomes one task (type 4) of the one lifecycle. */
export async function createBatchTransfer(
  ctx: AppContext,
  actor: CommandContext,
  input: BatchInput,
  language: Language,
) {
  const batch = await checkBatch(ctx, actor, input, language);
  const assets = [...new Set(batch.rows.map((row) => row.tokenKey))];
  return storeTransfer(ctx, actor, batch.wallet, batch.intent, {
    type: BATCH_TASK,
    known: batch.known,
    // One asset: the lists name it; several: the rows do.
    token: assets.length === 1 ? batch.rows[0]!.token : null,
    tokenKeys: assets,
    tags: batch.tags,
    remark: input.remark ?? null,
    labelId: batch.labelId,
    feeTier: input.fee_tier,
    smallAmountTest: false,
    batchRows: batch.rows,
  });
}

/** A row's asset: empty is the chain's coin; else a symbol (any case) or a contract of the wallet. */
function findToken(tokens: WalletToken[], written: string): WalletToken | undefined {
  if (!written) return tokens.find((t) => t.contract === null);
  const wanted = written.toLowerCase();
  return (
    tokens.find((t) => t.contract?.toLowerCase() === wanted) ??
    tokens.find((t) => t.symbol.toLowerCase() === wanted)
  );
}

function findLabel(labels: Label[], written: string): Label | undefined {
  const wanted = written.toLowerCase();
  return labels.find((l) => l.name.toLowerCase() === wanted || l.code.toLowerCase() === wanted);
}
