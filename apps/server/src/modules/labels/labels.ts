import { sql } from 'kysely';
import type { z } from 'zod';
import {
  LabelSource,
  LabelStatus,
  type LabelCategory,
  type labelConfigQuery,
  type labelCreateBody,
  type labelUpdateBody,
} from '@keystead/contract';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { loadWalletFor } from '../wallets/wallet-access';
import { ensureSystemLabels, labelRows, lockSpaceLabels, nameTaken, presentLabel } from './label-repository';

/**
 * The space's category tree (§2 space settings "fund-purpose tags"): settings see every entry
 * not deleted; pickers only enabled labels of enabled categories.
 */
export async function labelTree(
  ctx: AppContext,
  organizationId: number,
  only: 'not_deleted' | 'enabled',
): Promise<LabelCategory[]> {
  await ensureSystemLabels(ctx.db, organizationId);
  const statuses = only === 'enabled' ? [LabelStatus.Enabled] : [LabelStatus.Enabled, LabelStatus.Disabled];
  const [categories, labels] = await Promise.all([
    ctx.db
      .selectFrom('label_categories')
      .select(['id', 'code', 'name', 'source', 'status'])
      .where('organization_id', '=', organizationId)
      .where('status', 'in', statuses)
      .orderBy('source')
      .orderBy('id')
      .execute(),
    labelRows(ctx.db, organizationId)
      .where('l.status', 'in', statuses)
      .orderBy('l.source')
      .orderBy('l.id')
      .execute(),
  ]);
  return categories.map((category) => ({
    ...category,
    labels: labels.filter((label) => label.category_id === category.id).map(presentLabel),
  }));
}

/** The settings table: labels (not deleted), filtered, with who changed them last and their use. */
export async function labelConfigPage(
  ctx: AppContext,
  organizationId: number,
  query: z.infer<typeof labelConfigQuery>,
) {
  await ensureSystemLabels(ctx.db, organizationId);
  let rows = labelRows(ctx.db, organizationId).where('l.status', '<>', LabelStatus.Deleted);
  if (query.category_id) rows = rows.where('l.category_id', '=', query.category_id);
  if (query.status) rows = rows.where('l.status', '=', query.status);
  if (query.keyword) {
    const pattern = `%${query.keyword.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    rows = rows.where(sql<boolean>`lower(l.name) like ${pattern}`);
  }
  const [page, count] = await Promise.all([
    rows
      .leftJoin('users as u', 'u.id', 'l.updated_by')
      .select(['u.nickname as operator_nickname', 'u.email as operator_email'])
      .select((eb) =>
        eb
          .selectFrom('tasks as t')
          .whereRef('t.label_id', '=', 'l.id')
          .select(eb.fn.countAll<number>().as('n'))
          .as('used_count'),
      )
      .orderBy('l.source')
      .orderBy('l.id')
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size)
      .execute(),
    rows
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    list: page.map((row) => ({
      ...presentLabel(row),
      operator:
        row.updated_by === null
          ? null
          : {
              user_id: row.updated_by,
              nickname: row.operator_nickname ?? row.operator_email ?? '',
            },
      used_count: Number(row.used_count ?? 0),
      utime: row.updated_at.toISOString(),
    })),
    page: query.page,
    page_size: query.page_size,
    total: Number(count.n),
  };
}

/** What the transfer wizard offers: the caller's recent labels first, then the enabled tree. */
export async function labelsForTransfer(ctx: AppContext, actor: CommandContext, walletId?: number) {
  const required = walletId ? (await loadWalletFor(ctx.db, actor, walletId)).wallet.asset_tag_on : false;
  const tree = await labelTree(ctx, actor.organization.id, 'enabled');
  const enabled = new Map(tree.flatMap((c) => c.labels).map((label) => [label.id, label]));
  const used = await ctx.db
    .selectFrom('label_records')
    .select('label_id')
    .where('organization_id', '=', actor.organization.id)
    .where('user_id', '=', actor.user.id)
    .where('label_id', 'is not', null)
    .orderBy('id', 'desc')
    .limit(50)
    .execute();
  const recentIds = [...new Set(used.map((row) => row.label_id!))].filter((id) => enabled.has(id));
  return { recent: recentIds.slice(0, 5).map((id) => enabled.get(id)!), tree, required };
}

type CreateInput = z.infer<typeof labelCreateBody>;
type UpdateInput = z.infer<typeof labelUpdateBody>;

/** An admin adds a category or a label (custom); names are unique in the space. */
export async function createLabelEntry(ctx: AppContext, actor: CommandContext, input: CreateInput) {
  const organizationId = actor.organization.id;
  await ensureSystemLabels(ctx.db, organizationId);
  return ctx.db.transaction().execute(async (trx) => {
    await lockSpaceLabels(trx, organizationId);
    const table = input.kind === 'category' ? 'label_categories' : 'labels';
    if (await nameTaken(trx, table, organizationId, input.name, null))
      throw new AppError('LABEL_DUPLICATE_ERROR');
    let id: number;
    if (input.kind === 'category') {
      ({ id } = await trx
        .insertInto('label_categories')
        .values({
          organization_id: organizationId,
          code: '',
          name: input.name,
          source: LabelSource.Custom,
          updated_by: actor.user.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow());
      await trx
        .updateTable('label_categories')
        .set({ code: `C${id}` })
        .where('id', '=', id)
        .execute();
    } else {
      if (!input.category_id) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'category_id' });
      await liveCategory(trx, organizationId, input.category_id);
      ({ id } = await trx
        .insertInto('labels')
        .values({
          organization_id: organizationId,
          category_id: input.category_id,
          code: '',
          name: input.name,
          source: LabelSource.Custom,
          updated_by: actor.user.id,
        })
        .returning('id')
        .executeTakeFirstOrThrow());
      await trx
        .updateTable('labels')
        .set({ code: `L${id}` })
        .where('id', '=', id)
        .execute();
    }
    await writeAudit(trx, {
      organizationId,
      userId: actor.user.id,
      type: 'organization',
      operation: input.kind === 'category' ? 'label_category_create' : 'label_create',
      ip: actor.ip,
      content: { id, name: input.name, ...(input.category_id ? { category_id: input.category_id } : {}) },
    });
    return { id };
  });
}

/**
 * An admin renames, moves, enables, disables or deletes an entry. System entries keep their name,
 * category and existence (only switched on and off); a category is deleted only once it is empty.
 */
export async function updateLabelEntry(ctx: AppContext, actor: CommandContext, input: UpdateInput) {
  const organizationId = actor.organization.id;
  return ctx.db.transaction().execute(async (trx) => {
    await lockSpaceLabels(trx, organizationId);
    const table = input.kind === 'category' ? 'label_categories' : 'labels';
    const entry = await trx
      .selectFrom(table)
      .select(['id', 'name', 'source', 'status'])
      .where('id', '=', input.id)
      .where('organization_id', '=', organizationId)
      .where('status', '<>', LabelStatus.Deleted)
      .executeTakeFirst();
    if (!entry) throw new AppError('TAG_NOT_FOUND_ERROR');
    const system = entry.source === LabelSource.System;
    const renames = input.name !== undefined && input.name !== entry.name;
    if (system && (renames || input.category_id !== undefined || input.status === LabelStatus.Deleted))
      throw new AppError('TAG_UPDATE_ERROR', {}, { reason: 'system_entry' });
    if (renames && (await nameTaken(trx, table, organizationId, input.name!, entry.id)))
      throw new AppError('LABEL_DUPLICATE_ERROR');
    if (input.category_id !== undefined) {
      if (input.kind === 'category') throw new AppError('PARAMS_NOT_ALLOWED_ERROR', { field: 'category_id' });
      await liveCategory(trx, organizationId, input.category_id);
    }
    if (input.kind === 'category' && input.status === LabelStatus.Deleted) {
      const inside = await trx
        .selectFrom('labels')
        .select('id')
        .where('category_id', '=', entry.id)
        .where('status', '<>', LabelStatus.Deleted)
        .executeTakeFirst();
      if (inside) throw new AppError('TAG_UPDATE_ERROR', {}, { reason: 'category_not_empty' });
    }
    const change = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.status !== undefined ? { status: input.status } : {}),
      updated_by: actor.user.id,
      updated_at: new Date(),
    };
    if (input.kind === 'category') {
      await trx.updateTable('label_categories').set(change).where('id', '=', entry.id).execute();
    } else {
      await trx
        .updateTable('labels')
        .set({ ...change, ...(input.category_id !== undefined ? { category_id: input.category_id } : {}) })
        .where('id', '=', entry.id)
        .execute();
    }
    await writeAudit(trx, {
      organizationId,
      userId: actor.user.id,
      type: 'organization',
      operation: input.kind === 'category' ? 'label_category_update' : 'label_update',
      ip: actor.ip,
      content: {
        id: entry.id,
        name: entry.name,
        ...(renames ? { to: input.name } : {}),
        ...(input.status !== undefined ? { status: input.status } : {}),
        ...(input.category_id !== undefined ? { category_id: input.category_id } : {}),
      },
    });
    return { id: entry.id };
  });
}

async function liveCategory(trx: Parameters<typeof lockSpaceLabels>[0], organizationId: number, id: number) {
  const category = await trx
    .selectFrom('label_categories')
    .select('id')
    .where('id', '=', id)
    .where('organization_id', '=', organizationId)
    .where('status', '<>', LabelStatus.Deleted)
    .executeTakeFirst();
  if (!category) throw new AppError('TAG_NOT_FOUND_ERROR');
}
