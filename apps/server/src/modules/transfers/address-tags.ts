import { sql } from 'kysely';
import type { Db } from '../../db/database';
import { jsonColumn } from '../../lib/json-column';

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

/** The three lists as columns, to read in one row (alone, or with the wallet a transfer is made from). */
export const knownAddressColumns = (organizationId: number) =>
  [
    sql<
      string[]
    >`array(select address from wallets where organization_id = ${organizationId} and address is not null)`.as(
      'known_wallets',
    ),
    sql<
      KnownAddresses['book'] | string | null
    >`(select json_agg(json_build_object('address', address, 'name', name))
         from address_book where organization_id = ${organizationId})`.as('known_book'),
    sql<string[]>`array(select distinct to_address from tasks
             where organization_id = ${organizationId} and type = 1 and status in (1, 6)
               and to_address is not null)`.as('known_paid'),
  ] as const;

/** The lists out of a row read with knownAddressColumns. */
export function knownOf(row: {
  known_wallets: string[];
  known_book: unknown;
  known_paid: string[];
}): KnownAddresses {
  return {
    wallets: row.known_wallets,
    book: jsonColumn<KnownAddresses['book'] | null>(row.known_book) ?? [],
    paid: row.known_paid,
  };
}

export async function knownAddresses(db: Db, organizationId: number): Promise<KnownAddresses> {
  return knownOf(await db.selectNoFrom(knownAddressColumns(organizationId)).executeTakeFirstOrThrow());
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
