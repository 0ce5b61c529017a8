import { sql } from 'kysely';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { checkEmailCode, markCodeUsed } from '../auth/email-code.service';
import { family as familyWork } from './transfer-family';

/**
 * An address as the chain family spells it (EVM checksum, Bitcoin-family network prefix …),
 * refused with the family's catalogue error when the chain cannot pay to it. Without a chain,
 * the first configured EVM chain (an EVM address is the same on all of them).
 */
export async function bookAddress(ctx: AppContext, raw: string, chainId?: string) {
  const chain = chainId ?? ctx.chains.supported().find((info) => info.family === 'EVM')?.key;
  if (!chain || !ctx.chains.supported().some((info) => info.key === chain))
    throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
  const adapter = ctx.chains.family(chain);
  const address = await familyWork(() => adapter.recipient(raw));
  return { address, family: ctx.chains.chainInfo(chain).family };
}

/** The space's whitelist (§2 address book), oldest first. */
export function addressBookEntries(ctx: AppContext, organizationId: number) {
  return ctx.db
    .selectFrom('address_book')
    .selectAll()
    .where('organization_id', '=', organizationId)
    .orderBy('id')
    .execute();
}

/** An admin adds a canonical address with an e-mail code; each address once per space. */
export async function addAddress(
  ctx: AppContext,
  actor: CommandContext,
  input: {
    address: string;
    family: string;
    name: string;
    memo?: string | undefined;
    description?: string | undefined;
    email_code: string;
  },
): Promise<number> {
  const { organization, user } = actor;
  const codeId = await checkEmailCode(ctx, 'address_book_add', user.email, input.email_code);
  return ctx.db.transaction().execute(async (trx) => {
    const exists = await trx
      .selectFrom('address_book')
      .select('id')
      .where('organization_id', '=', organization.id)
      .where('family', '=', input.family)
      .where(sql<boolean>`lower(address) = ${input.address.toLowerCase()}`)
      .executeTakeFirst();
    if (exists) throw new AppError('RESOURCE_EXISTS_ERROR', { resource: 'address' });
    await markCodeUsed(trx, codeId);
    const created = await trx
      .insertInto('address_book')
      .values({
        organization_id: organization.id,
        family: input.family,
        name: input.name,
        address: input.address,
        memo: input.memo ?? null,
        description: input.description ?? null,
        created_by: user.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(trx, {
      organizationId: organization.id,
      userId: user.id,
      type: 'address_book',
      operation: 'add',
      ip: actor.ip,
      content: { address: input.address, family: input.family, name: input.name },
    });
    return created.id;
  });
}

/** An admin deletes an entry of the space with an e-mail code; another space's id is not found. */
export async function deleteAddress(
  ctx: AppContext,
  actor: CommandContext,
  input: { id: number; email_code: string },
): Promise<void> {
  const { organization, user } = actor;
  const entry = await ctx.db
    .selectFrom('address_book')
    .selectAll()
    .where('id', '=', input.id)
    .where('organization_id', '=', organization.id)
    .executeTakeFirst();
  if (!entry) throw new AppError('ADDRESS_NOT_FOUND_ERROR');
  const codeId = await checkEmailCode(ctx, 'address_book_delete', user.email, input.email_code);
  await ctx.db.transaction().execute(async (trx) => {
    await markCodeUsed(trx, codeId);
    await trx.deleteFrom('address_book').where('id', '=', entry.id).execute();
    await writeAudit(trx, {
      organizationId: organization.id,
      userId: user.id,
      type: 'address_book',
      operation: 'delete',
      ip: actor.ip,
      content: { address: entry.address, name: entry.name },
    });
  });
}
