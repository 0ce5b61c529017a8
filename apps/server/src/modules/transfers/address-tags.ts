import { sql } from 'kysely';
import type { Db } from '../../db/database';

/** §3 address tag types shown on a recipient. */
export const AddressTag = {
  OrgWallet: -2,
  AddressBook: -1,
  New: 6,
  FirstTransfer: 20,
  SimilarAddress: 21,
} as const;

const EDGE = 4;

/** Same first and last characters but another address: the shape of address poisoning. */
export function looksSimilar(a: string, b: string): boolean {
  const x = a.toLowerCase().replace(/^0x/, '');
  const y = b.toLowerCase().replace(/^0x/, '');
  return x !== y && x.slice(0, EDGE) === y.slice(0, EDGE) && x.slice(-EDGE) === y.slice(-EDGE);
}

/** What a space knows of addresses: its wallets, its address book, and whom it has paid. */
export interface KnownAddresses {
  wallets: string[];
  book: { address: string; name: string }[];
  paid: string[];
}

export async function knownAddresses(db: Db, organizationId: number): Promise<KnownAddresses> {
  const [wallets, book, paid] = await Promise.all([
    db
      .selectFrom('wallets')
      .select('address')
      .where('organization_id', '=', organizationId)
      .where('address', 'is not', null)
      .execute(),
    db
      .selectFrom('address_book')
      .select(['address', 'name'])
      .where('organization_id', '=', organizationId)
      .execute(),
    db
      .selectFrom('tasks')
      .select(sql<string>`distinct to_address`.as('address'))
      .where('organization_id', '=', organizationId)
      .where('type', '=', 1)
      .where('status', 'in', [1, 6])
      .execute(),
  ]);
  return {
    wallets: wallets.map((w) => w.address!),
    book,
    paid: paid.flatMap((p) => (p.address ? [p.address] : [])),
  };
}

/**
 * Tags for a recipient of a space's wallet: own wallet, whitelisted, first transfer / new,
 * and similar-to-a-known-address (the space's wallets, its address book, past recipients).
 */
export function tagsOf(
  known: KnownAddresses,
  address: string,
): { tags: number[]; similar_to: string | null } {
  const lower = address.toLowerCase();
  const tags: number[] = [];
  if (known.wallets.some((w) => w.toLowerCase() === lower)) tags.push(AddressTag.OrgWallet);
  if (known.book.some((b) => b.address.toLowerCase() === lower)) tags.push(AddressTag.AddressBook);
  const knownRecipient = known.paid.some((p) => p.toLowerCase() === lower);
  if (!knownRecipient && !tags.length) tags.push(AddressTag.New, AddressTag.FirstTransfer);
  else if (!knownRecipient) tags.push(AddressTag.FirstTransfer);
  const candidates = [...known.wallets, ...known.book.map((b) => b.address), ...known.paid];
  const similar = candidates.find((candidate) => looksSimilar(candidate, address)) ?? null;
  if (similar) tags.push(AddressTag.SimilarAddress);
  return { tags, similar_to: similar };
}

export async function addressTags(
  db: Db,
  organizationId: number,
  address: string,
): Promise<{ tags: number[]; similar_to: string | null }> {
  return tagsOf(await knownAddresses(db, organizationId), address);
}
