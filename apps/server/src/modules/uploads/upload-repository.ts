import type { AppContext } from '../../context';

/** One stored image's type and bytes, or undefined when there is none with this id. */
export async function findUpload(ctx: AppContext, id: string) {
  return ctx.db.selectFrom('uploads').select(['mime', 'content']).where('id', '=', id).executeTakeFirst();
}
