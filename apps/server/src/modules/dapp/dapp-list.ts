import type { DappItem, Language } from '@keystead/contract';
import type { Db } from '../../db/database';
import { AppError } from '../../lib/app-error';
import { DAPP_CATALOGUE, DAPP_TYPE_NAMES } from './dapp-catalogue';

/** GET /dapp/type: the catalogue's types, named in the request's language. */
export function dappTypes(language: Language) {
  return {
    list: Object.entries(DAPP_TYPE_NAMES).map(([type, names]) => ({
      type: type as DappItem['type'],
      name: names[language],
    })),
  };
}

/** GET /dapp: the catalogue (by type, chain or favourites), the person's favourites first. */
export async function dappList(
  db: Db,
  userId: number,
  language: Language,
  filter: { type?: DappItem['type']; chain_key?: string; favorite?: 'true' | 'false' },
): Promise<{ list: DappItem[] }> {
  const favorites = new Set(
    (await db.selectFrom('dapp_favorites').select('dapp_id').where('user_id', '=', userId).execute()).map(
      (row) => row.dapp_id,
    ),
  );
  const list = DAPP_CATALOGUE.filter(
    (d) =>
      (!filter.type || d.type === filter.type) &&
      (!filter.chain_key || d.chain_keys.includes(filter.chain_key)) &&
      (filter.favorite === undefined || favorites.has(d.dapp_id) === (filter.favorite === 'true')),
  ).map((d) => ({ ...d, description: d.description[language], is_favorite: favorites.has(d.dapp_id) }));
  list.sort((a, b) => Number(b.is_favorite) - Number(a.is_favorite));
  return { list };
}

/** POST /dapp/favorite: marks or unmarks one of the catalogue's Dapps for this person. */
export async function setDappFavorite(db: Db, userId: number, dappId: number, favorite: boolean) {
  if (!DAPP_CATALOGUE.some((d) => d.dapp_id === dappId)) throw new AppError('DAPP_NOT_FOUND_ERROR');
  if (favorite)
    await db
      .insertInto('dapp_favorites')
      .values({ user_id: userId, dapp_id: dappId })
      .onConflict((oc) => oc.doNothing())
      .execute();
  else
    await db
      .deleteFrom('dapp_favorites')
      .where('user_id', '=', userId)
      .where('dapp_id', '=', dappId)
      .execute();
  return { dapp_id: dappId, is_favorite: favorite };
}
