import type { z } from 'zod';
import type { emailNotifications, Language, updateBaseInfoBody } from '@keystead/contract';
import type { AppContext } from '../../context';
import type { User, UserUpdate } from '../../db/schema';
import type { UserCommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { storeImage } from '../uploads/image-upload';
import { updateUser, updateUserReturning } from './user-repository';

type EmailNotifications = z.infer<typeof emailNotifications>;

/** Edits the profile fields, and stores a new avatar when one is given. */
export function editProfile(
  ctx: AppContext,
  actor: UserCommandContext,
  input: { fields: z.infer<typeof updateBaseInfoBody>; avatar: Buffer | null },
): Promise<User> {
  const { user } = actor;
  const { fields, avatar } = input;
  return ctx.db.transaction().execute(async (trx) => {
    const changes: UserUpdate = { ...fields, updated_at: new Date() };
    if (avatar) changes.avatar_upload_id = await storeImage(trx, avatar, user.id);
    const row = await updateUserReturning(trx, user.id, changes);
    await writeAudit(trx, {
      organizationId: null,
      userId: user.id,
      type: 'account',
      operation: 'profile_update',
      ip: actor.ip,
      content: { fields: Object.keys(fields), avatar: Boolean(avatar) },
    });
    return row;
  });
}

/** Saves the user's language. */
export async function setLanguage(ctx: AppContext, actor: UserCommandContext, code: Language): Promise<void> {
  await updateUser(ctx.db, actor.user.id, { language_code: code, updated_at: new Date() });
}

/** Which e-mail notifications the user receives. */
export async function setEmailNotifications(
  ctx: AppContext,
  actor: UserCommandContext,
  input: EmailNotifications,
): Promise<void> {
  const { user } = actor;
  const { space, wallet, task } = input;
  await ctx.db.transaction().execute(async (trx) => {
    await updateUser(trx, user.id, { notify_space: space, notify_wallet: wallet, notify_task: task });
    await writeAudit(trx, {
      organizationId: null,
      userId: user.id,
      type: 'account',
      operation: 'notification_settings',
      ip: actor.ip,
      content: input,
    });
  });
}

/** The user's display choices on the asset pages (§7 /asset-show): amounts masked, small assets hidden. */
export async function setAssetShow(
  ctx: AppContext,
  actor: UserCommandContext,
  input: { show_amount?: boolean | undefined; hide_small?: boolean | undefined },
): Promise<{ show_amount: boolean; hide_small: boolean }> {
  const show = input.show_amount ?? actor.user.asset_show_amount;
  const hide = input.hide_small ?? actor.user.asset_hide_small;
  await updateUser(ctx.db, actor.user.id, {
    asset_show_amount: show,
    asset_hide_small: hide,
    updated_at: new Date(),
  });
  return { show_amount: show, hide_small: hide };
}
