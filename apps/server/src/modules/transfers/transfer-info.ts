import { formatGwei } from 'viem';
import type { FamilyAdapter, SafeMessageReview, SafeTxReview, SignerKey } from '@keystead/chains';
import { formatUnits, multiply, round } from '../wallets/decimal';
import { usdPrice } from '../prices/prices';
import type { AppContext } from '../../context';
import type { Task, Wallet } from '../../db/schema';
import type { CommandContext } from '../../lib/command-context';
import { presentDescriptor } from '../wallets/wallet-presenter';
import { loadTransfer } from './transfer-access';
import { taskNumber } from './transfer-create';
import { familyOf, familyWallet, signingExpiry, storedTransfer } from './transfer-family';
import { AddressTag, addressTags } from './address-tags';
import { whoActsNext } from './transfer-next';
import { batchOutputsOf } from './batch-info';
import { walletTokens, type WalletToken } from '../wallets/wallet-assets';
import { withFundPurpose } from '../labels/transfer-labels';
import { walletSponsor } from '../fee-payers/evm-payment-keys';
import { presentTask } from './transfer-present';
import { signerKeyOwners, taskInputs, taskSignatures } from './transfer-repository';
import { ACTIVE_STATUSES, TransferStatus, TRANSFER_TYPES } from './transfer-status';
import { jsonColumn } from '../../lib/json-column';

/**
 * GET /task/info for every family: approvals, signatures, broadcast attempts, what the signers
 * sign now (the family's signing view), and the family's own facts — the Safe nonce queue and
 * execution call, or the PSBT's inputs, outputs, change and fee.
 */
export async function transferInfo(ctx: AppContext, actor: CommandContext, taskId: number) {
  const { task, wallet } = await loadTransfer(ctx, actor, taskId);
  const adapter = familyOf(ctx, wallet.chain_key);
  const [approvals, signatures, broadcasts, rejection, replacement] = await Promise.all([
    ctx.db
      .selectFrom('task_approvals as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.user_id', 'u.nickname', 'a.result', 'a.comment', 'a.created_at'])
      .where('a.task_id', '=', task.id)
      .execute(),
    taskSignatures(ctx.db, task.id),
    ctx.db
      .selectFrom('task_broadcasts')
      .select([
        'tx_hash',
        'from_address',
        'account_nonce',
        'max_fee_per_gas',
        'status',
        'send_count',
        'created_at',
      ])
      .where('task_id', '=', task.id)
      .orderBy('id')
      .execute(),
    ctx.db
      .selectFrom('tasks')
      .select(['id', 'status'])
      .where('rejection_of', '=', task.id)
      .orderBy('id', 'desc')
      .executeTakeFirst(),
    ctx.db
      .selectFrom('tasks')
      .select(['id', 'status'])
      .where('replaces', '=', task.id)
      .orderBy('id', 'desc')
      .executeTakeFirst(),
  ]);
  const fw = familyWallet(wallet);
  const stored = storedTransfer(task);
  const signing = task.status === TransferStatus.PendingSignature ? adapter.signingView(fw, stored) : {};
  const [next, recipientTags] = await Promise.all([
    whoActsNext(ctx.db, task, wallet, { userId: actor.user.id, role: actor.member.role }),
    task.to_address && task.rejection_of === null ? operatorSawTags(ctx, task, task.to_address) : null,
  ]);
  const [onChain, batchRows] = await Promise.all([onChainFacts(adapter, task), batchOutputsOf(ctx, task)]);
  const [presented] = await withFundPurpose(ctx, actor.organization.id, [
    presentTask(task, signingExpiry(ctx, task)),
  ]);
  const common = {
    ...presented!,
    ...next,
    recipient_tags: recipientTags,
    on_chain: onChain,
    batch_rows: batchRows,
    chain_name: adapter.chain.info.name,
    wallet_name: wallet.name,
    wallet_address: wallet.address,
    approvals: approvals.map((a) => ({ ...a, created_at: a.created_at.toISOString() })),
    rejection: rejection ? { task_id: rejection.id, status: rejection.status } : null,
    typed_data: null,
    execution: null,
    queue: [] as unknown[],
  };
  // Coin-control families present inputs, outputs, change and the fee paid; the others their execution.
  if (adapter.capabilities.coinControl) {
    return {
      ...common,
      ...(await coinDetails(ctx, task, wallet, signatures, broadcasts)),
      ...signing,
      replaced_by: replacement ? { task_id: replacement.id, status: replacement.status } : null,
    };
  }
  const broadcastRows = broadcasts.map((b) => ({
    tx_hash: b.tx_hash,
    from: b.from_address || null,
    nonce: Number(b.account_nonce) >= 0 ? Number(b.account_nonce) : null,
    max_fee_gwei: formatGwei(BigInt(b.max_fee_per_gas)),
    status: b.status,
    send_count: b.send_count,
    created_at: b.created_at.toISOString(),
  }));
  if (adapter.chain.info.family === 'TRX' || adapter.chain.info.family === 'XRP') {
    const view =
      adapter.chain.info.family === 'TRX' ? tronView(adapter, task, wallet) : xrpView(adapter, task, wallet);
    return {
      ...common,
      ...(await weightedDetails(ctx, adapter, task, wallet, signatures)),
      ...view,
      broadcasts: broadcastRows,
    };
  }
  const execution =
    task.status === TransferStatus.PendingBroadcast && adapter.executionView
      ? adapter.executionView(
          fw,
          stored,
          signatures.map((s) => ({ signerKey: s.signer, kind: s.kind, proof: s.signature, audit: {} })),
        )
      : null;
  const review = task.payload ? adapter.reviewView?.(fw, stored) : undefined;
  return {
    ...common,
    ...signing,
    safe_tx: review?.safe_tx
      ? safeTxReply(adapter, task, review, await walletTokens(ctx, ctx.db, wallet))
      : null,
    safe_message: (review?.safe_message as SafeMessageReview | undefined) ?? null,
    signatures: signatures.map((s) => ({
      signer: s.signer,
      user_id: s.user_id,
      kind: s.kind,
      created_at: s.created_at.toISOString(),
    })),
    execution: execution
      ? { to: execution.to, data: execution.data, value: execution.value.toString() }
      : null,
    broadcasts: broadcastRows,
    queue: await sequenceQueue(ctx, wallet.id),
    sponsor: await sponsorOf(ctx, adapter, wallet),
  };
}

/** Weighted families (Tron, XRP): each wallet key's weight on chain now, who signed, and the fee. */
async function weightedDetails(
  ctx: AppContext,
  adapter: FamilyAdapter,
  task: Task,
  wallet: Wallet,
  signatures: Awaited<ReturnType<typeof taskSignatures>>,
) {
  const fw = familyWallet(wallet);
  const keys = (fw.keys as { signers?: { address: string }[] } | null)?.signers ?? [];
  const onChain = await adapter.keyWeights?.(fw).catch(() => null);
  const signed = new Set(signatures.map((s) => s.signer));
  const owners = await signerKeyOwners(ctx.db, wallet.id);
  const details = (task.data ?? {}) as { fee_parts?: Record<string, string> };
  return {
    typed_data: null,
    execution: null,
    fee_parts: details.fee_parts ?? null,
    fee: task.fee_sat === null ? null : formatUnits(BigInt(task.fee_sat), adapter.chain.info.nativeDecimals),
    weights: keys.map((k) => ({
      address: k.address,
      weight: onChain ? (onChain.get(k.address) ?? 0) : null,
      signed: signed.has(k.address),
      user_id: owners(k.address) ?? null,
    })),
    signed_weight: onChain ? [...signed].reduce((sum, k) => sum + (onChain.get(k) ?? 0), 0) : null,
    signatures: signatures.map((s) => ({
      signer: s.signer,
      user_id: s.user_id,
      kind: s.kind,
      created_at: s.created_at.toISOString(),
    })),
  };
}

/** A Tron transfer: its transaction and expiry (permission id 2). */
function tronView(adapter: FamilyAdapter, task: Task, wallet: Wallet) {
  const view = task.payload ? adapter.signingView(familyWallet(wallet), storedTransfer(task)) : null;
  const tx = view?.transaction as { raw_data: { contract: [{ Permission_id?: number }] } } | undefined;
  return {
    family: 'TRX' as const,
    tron:
      view && tx
        ? {
            tx_id: String(view.tx_id),
            raw_data_hex: String(view.raw_data_hex),
            transaction: JSON.stringify({ ...tx, signature: [] }),
            permission_id: tx.raw_data.contract[0].Permission_id ?? 0,
            expiration: String(view.expiration),
          }
        : null,
  };
}

/** An XRP transfer: the Payment, each signer's bytes and the ledger window. */
function xrpView(adapter: FamilyAdapter, task: Task, wallet: Wallet) {
  const view = task.payload ? adapter.signingView(familyWallet(wallet), storedTransfer(task)) : null;
  const tx = view?.tx_json as Record<string, unknown> | undefined;
  return {
    family: 'XRP' as const,
    xrp:
      view && tx
        ? {
            tx_json: JSON.stringify(tx),
            unsigned_id: String(view.unsigned_id),
            destination_tag: typeof tx.DestinationTag === 'number' ? tx.DestinationTag : null,
            sequence: Number(tx.Sequence),
            last_ledger_sequence: Number(tx.LastLedgerSequence),
            expiration: String(view.expiration),
            signing_bytes: view.signing_bytes as Record<string, string>,
          }
        : null,
  };
}

function safeTxReply(
  adapter: ReturnType<typeof familyOf>,
  task: Task,
  review: Record<string, unknown> | undefined,
  tokens: WalletToken[],
) {
  const view = review?.safe_tx as SafeTxReview | undefined;
  if (!view) return null;
  const { nativeDecimals, nativeSymbol } = adapter.chain.info;
  // The decimals and symbol come from the wallet's known tokens, matched on the decoded contract.
  const tokenOf = (contract: string | null) =>
    contract === null ? undefined : tokens.find((t) => t.contract?.toLowerCase() === contract.toLowerCase());
  const decoded = (call: { kind: string; token_contract: string | null; amount_raw: string | null }) => {
    const token = tokenOf(call.token_contract);
    const decimals = call.kind === 'native' ? nativeDecimals : (token?.decimals ?? null);
    return {
      token_symbol: call.kind === 'native' ? null : (token?.symbol ?? null),
      amount:
        call.amount_raw !== null && decimals !== null ? formatUnits(BigInt(call.amount_raw), decimals) : null,
    };
  };
  return {
    ...view,
    native_value: formatUnits(BigInt(view.native_value), nativeDecimals),
    native_value_raw: view.native_value,
    native_symbol: nativeSymbol,
    ...decoded(view),
    ...(view.calls ? { calls: view.calls.map((call) => ({ ...call, ...decoded(call) })) } : {}),
  };
}

/** The recipient's risk tags as the operator saw them at creation (kept on the task), and the look-alike. */
async function operatorSawTags(ctx: AppContext, task: Task, to: string) {
  const now = await addressTags(ctx.db, task.organization_id, to);
  const data = jsonColumn(task.data) as {
    tags?: unknown;
  } | null;
  const saved = Array.isArray(data?.tags)
    ? data.tags.filter((t): t is number => typeof t === 'number')
    : null;
  const tags = saved ?? now.tags;
  return { tags, similar_to: tags.includes(AddressTag.SimilarAddress) ? now.similar_to : null };
}

/** The wallet's active transfers by sequence (the Safe nonce queue). */
async function sequenceQueue(ctx: AppContext, walletId: number) {
  const rows = await ctx.db
    .selectFrom('tasks')
    .select(['id', 'sequence', 'status', 'rejection_of'])
    .where('wallet_id', '=', walletId)
    .where('type', 'in', TRANSFER_TYPES)
    .where('status', 'in', ACTIVE_STATUSES)
    .orderBy('sequence')
    .orderBy('id')
    .limit(50)
    .execute();
  return rows.map((q) => ({
    task_id: q.id,
    task_number: taskNumber(q.id),
    nonce: q.sequence,
    status: q.status,
    rejection: q.rejection_of !== null,
  }));
}

/** Coin (UTXO) transfers: the PSBT, its inputs, outputs, change and fee, each key that signed. */
async function coinDetails(
  ctx: AppContext,
  task: Task,
  wallet: Wallet,
  signatures: Awaited<ReturnType<typeof taskSignatures>>,
  broadcasts: Array<{
    tx_hash: string;
    max_fee_per_gas: string;
    status: number;
    send_count: number;
    created_at: Date;
  }>,
) {
  const keys = (familyWallet(wallet).keys ?? []) as SignerKey[];
  const coinDecimals = familyOf(ctx, wallet.chain_key).chain.info.nativeDecimals;
  const inputs = await taskInputs(ctx.db, task.id);
  const data = jsonColumn(task.data) as {
    outputs?: unknown;
    change?: unknown;
  };
  return {
    family: 'BTC',
    descriptor: presentDescriptor(wallet),
    psbt: task.payload,
    fee: task.fee_sat ? formatUnits(BigInt(task.fee_sat), coinDecimals) : null,
    fee_sat: task.fee_sat,
    fee_rate: task.fee_rate !== null ? Number(task.fee_rate) : null,
    fee_unit: 'sat/vB',
    vsize: task.vsize,
    outputs: data.outputs ?? [],
    change: data.change ?? null,
    inputs: inputs.map((u) => ({
      outpoint: u.outpoint,
      value: formatUnits(BigInt(u.value), coinDecimals),
      value_sat: u.value,
      branch: u.branch,
      index: u.address_index,
    })),
    replaces: task.replaces,
    signatures: signatures.map((s) => {
      const key = keys.find((k) => k.xpub === s.signer);
      return {
        signer: s.signer,
        fingerprint: key?.fingerprint ?? null,
        path: key?.path ?? null,
        user_id: s.user_id,
        kind: s.kind,
        created_at: s.created_at.toISOString(),
      };
    }),
    signing_requests: null,
    signing_keys: keys.map((k) => ({ xpub: k.xpub, fingerprint: k.fingerprint, path: k.path })),
    broadcasts: broadcasts.map((b) => ({
      tx_hash: b.tx_hash,
      fee_sat: b.max_fee_per_gas,
      status: b.status,
      send_count: b.send_count,
      created_at: b.created_at.toISOString(),
    })),
  };
}

/** A task in a block: the fee the chain charged (stored at settlement), confirmations now, finality. */
async function onChainFacts(adapter: FamilyAdapter, task: Task) {
  if (task.block_number === null || !task.exec_tx_hash) return null;
  const { nativeDecimals, nativeSymbol } = adapter.chain.info;
  const tip = await adapter.deposits?.tip().catch(() => null);
  const block = BigInt(task.block_number);
  const confirmations = tip != null && tip >= block ? Number(tip - block + 1n) : null;
  const fee = task.fee_sat ? formatUnits(BigInt(task.fee_sat), nativeDecimals) : null;
  const price = usdPrice(nativeSymbol);
  return {
    block_number: Number(task.block_number),
    confirmations,
    final: task.final_at !== null || (confirmations ?? 0) >= adapter.capabilities.finalityDepth,
    fee_paid: fee,
    fee_symbol: nativeSymbol,
    fee_usd: fee !== null && price !== null ? round(multiply(fee, price), 2) : null,
  };
}

/** The payment address that sends and pays for the wallet's executions, as the broadcaster sees it. */
async function sponsorOf(ctx: AppContext, adapter: FamilyAdapter, wallet: Wallet) {
  if (!adapter.prepareNativeSend) return null;
  const sponsor = await walletSponsor(ctx.db, wallet);
  return sponsor ? { id: sponsor.id, name: sponsor.name, address: sponsor.address } : null;
}
