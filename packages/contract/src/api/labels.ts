import { z } from 'zod';
import { pageQuery, text } from './common';
import { isoTime, listOf, pageOf } from './reply';

/**
 * §3 Transfer tag (fund-purpose tags and labels); §7 label calls (scene_type Company). A space
 * has a tree: categories, each with labels. System entries (source 1) come with every space and
 * can be switched off but not renamed or deleted; custom ones (source 2) are the space's own.
 */

/** §4 Tag status: 1 enabled, 2 disabled, -2 deleted. */
export const LabelStatus = { Enabled: 1, Disabled: 2, Deleted: -2 } as const;
export const LabelSource = { System: 1, Custom: 2 } as const;

const labelName = text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(40, 'PARAMS_INVALID_ERROR');
const id = z.coerce.number().int().positive();
const kind = z.enum(['category', 'label']);

/** GET /label-config: the settings table, filtered. */
export const labelConfigQuery = pageQuery.extend({
  category_id: id.optional(),
  status: z.coerce
    .number()
    .int()
    .refine((s) => s === 1 || s === 2, 'PARAMS_INVALID_ERROR')
    .optional(),
  keyword: text().trim().max(40).optional(),
});

/** POST /label-config: a new category, or a new label in a category (admins). */
export const labelCreateBody = z.object({
  kind,
  name: labelName,
  /** Required for a label: the category it belongs to. */
  category_id: z.number().int().positive().optional(),
});

/** PUT /label-config: rename, move, enable (1), disable (2) or delete (-2) one entry (admins). */
export const labelUpdateBody = z.object({
  kind,
  id: z.number().int().positive(),
  name: labelName.optional(),
  category_id: z.number().int().positive().optional(),
  status: z
    .number()
    .int()
    .refine((s) => s === 1 || s === 2 || s === -2, 'PARAMS_INVALID_ERROR')
    .optional(),
});

/** GET /label-transfer: what the transfer wizard offers; with a wallet, whether it is required. */
export const labelTransferQuery = z.object({ wallet_id: id.optional() });

/** POST /label/set: a transfer's fund purpose (null clears it where the wallet does not require one). */
export const labelSetBody = z.object({
  task_id: z.number().int().positive(),
  label_id: z.number().int().positive().nullable(),
});

/** GET /label-record: the history of a transfer's fund purpose. */
export const labelRecordQuery = z.object({ task_id: id });

export const labelReply = z.object({
  id: z.number(),
  /** System labels: a stable code the web names in the user's language; custom: `L` + id (categories `C` + id). */
  code: z.string(),
  name: z.string(),
  /** 1 system, 2 custom. */
  source: z.number(),
  status: z.number(),
  category_id: z.number(),
  category_name: z.string(),
  category_code: z.string(),
});
export type Label = z.infer<typeof labelReply>;

/** A row of the settings table: who changed it last and how many transfers carry it. */
export const labelConfigItemReply = labelReply.extend({
  operator: z.object({ user_id: z.number(), nickname: z.string() }).nullable(),
  used_count: z.number(),
  utime: isoTime,
});
export const labelConfigPageReply = pageOf(labelConfigItemReply);
export type LabelConfigItem = z.infer<typeof labelConfigItemReply>;

export const labelCategoryReply = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  source: z.number(),
  status: z.number(),
  labels: z.array(labelReply),
});
export type LabelCategory = z.infer<typeof labelCategoryReply>;

/** The category tree: every entry not deleted (settings), or only enabled ones (pickers). */
export const labelTreeReply = listOf(labelCategoryReply);

export const labelTransferReply = z.object({
  /** The caller's most recently used labels, newest first (at most 5, enabled only). */
  recent: z.array(labelReply),
  tree: z.array(labelCategoryReply),
  /** The wallet's asset-tag switch is on: every transfer needs a fund purpose. */
  required: z.boolean(),
});

export const labelSavedReply = z.object({ id: z.number() });

export const labelRecordReply = listOf(
  z.object({
    id: z.number(),
    label: labelReply.nullable(),
    previous: labelReply.nullable(),
    user: z.object({ user_id: z.number(), nickname: z.string() }).nullable(),
    ctime: isoTime,
  }),
);
export type LabelRecords = z.infer<typeof labelRecordReply>;
