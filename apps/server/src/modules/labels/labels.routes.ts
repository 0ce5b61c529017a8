import {
  labelConfigPageReply,
  labelConfigQuery,
  labelCreateBody,
  labelRecordQuery,
  labelRecordReply,
  labelSavedReply,
  labelSetBody,
  labelTransferQuery,
  labelTransferReply,
  labelTreeReply,
  labelUpdateBody,
} from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { commandContext } from '../../lib/command-context';
import { requireSpace } from '../../plugins/access';
import { inSpace } from '../../plugins/access-rules';
import { createLabelEntry, labelConfigPage, labelsForTransfer, labelTree, updateLabelEntry } from './labels';
import { setTransferLabel, transferLabelRecords } from './transfer-labels';

const tags = ['labels'];
const view = { access: inSpace('label.view') };
const manage = { access: inSpace('label.manage') };

/** §7 label calls (scene_type Company): the space's fund-purpose tree and each transfer's purpose. */
export async function labelRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/label-config',
    {
      config: view,
      schema: {
        response: replies(labelConfigPageReply),
        tags,
        querystring: labelConfigQuery,
        summary: 'Fund-purpose labels of the space (settings table)',
      },
    },
    async (request, reply) =>
      reply.ok(await labelConfigPage(ctx, requireSpace(request).organization.id, request.query)),
  );

  app.post(
    '/label-config',
    {
      config: manage,
      schema: {
        response: replies(labelSavedReply),
        tags,
        body: labelCreateBody,
        summary: 'Add a category or a label (admins)',
      },
    },
    async (request, reply) => reply.ok(await createLabelEntry(ctx, commandContext(request), request.body)),
  );

  app.put(
    '/label-config',
    {
      config: manage,
      schema: {
        response: replies(labelSavedReply),
        tags,
        body: labelUpdateBody,
        summary: 'Rename, move, enable, disable or delete a category or label (admins)',
      },
    },
    async (request, reply) => reply.ok(await updateLabelEntry(ctx, commandContext(request), request.body)),
  );

  app.get(
    '/label-category/tree',
    {
      config: view,
      schema: {
        response: replies(labelTreeReply),
        tags,
        summary: 'Categories with their labels, enabled and disabled (settings)',
      },
    },
    async (request, reply) =>
      reply.ok({ list: await labelTree(ctx, requireSpace(request).organization.id, 'not_deleted') }),
  );

  app.get(
    '/label-config/tree',
    {
      config: view,
      schema: {
        response: replies(labelTreeReply),
        tags,
        summary: 'Enabled categories with their enabled labels (filters and pickers)',
      },
    },
    async (request, reply) =>
      reply.ok({ list: await labelTree(ctx, requireSpace(request).organization.id, 'enabled') }),
  );

  app.get(
    '/label-transfer',
    {
      config: view,
      schema: {
        response: replies(labelTransferReply),
        tags,
        querystring: labelTransferQuery,
        summary:
          "The transfer wizard's fund purposes: recently used first, and whether the wallet requires one",
      },
    },
    async (request, reply) =>
      reply.ok(await labelsForTransfer(ctx, commandContext(request), request.query.wallet_id)),
  );

  app.post(
    '/label/set',
    {
      config: { access: inSpace('transfer.act') },
      schema: {
        response: replies(labelSavedReply),
        tags,
        body: labelSetBody,
        summary: "Set a transfer's fund purpose (the wallet's operators, admins)",
      },
    },
    async (request, reply) => reply.ok(await setTransferLabel(ctx, commandContext(request), request.body)),
  );

  app.get(
    '/label-record',
    {
      config: { access: inSpace('transfer.act') },
      schema: {
        response: replies(labelRecordReply),
        tags,
        querystring: labelRecordQuery,
        summary: "A transfer's fund-purpose history",
      },
    },
    async (request, reply) =>
      reply.ok(await transferLabelRecords(ctx, commandContext(request), request.query.task_id)),
  );
}
