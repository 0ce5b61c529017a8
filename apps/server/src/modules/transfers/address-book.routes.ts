import { sql } from 'kysely';
import {
  addressBookBody,
  addressBookDeleteBody,
  addressBookReply,
  addAddressReply,
  doneReply,
} from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { requireSpace } from '../../plugins/access';
import { inSpace } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import { checkEmailCode, markCodeUsed } from '../auth/email-code.service';
import { checksumEvmAddress } from '../signers/evm-message';

const tags = ['address-book'];

/** The whitelist address book (§2): everyone reads it, only admins add or delete (with a code). */
export async function addressBookRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/address-book',
    {
      config: { access: inSpace('address_book.view') },
      schema: { response: replies(addressBookReply), tags, summary: 'Whitelisted addresses of the space' },
    },
    async (request, reply) => {
      const { organization } = requireSpace(request);
      const rows = await ctx.db
        .selectFrom('address_book')
        .selectAll()
        .where('organization_id', '=', organization.id)
        .orderBy('id')
        .execute();
      return reply.ok({
        list: rows.map((row) => ({
          id: row.id,
          name: row.name,
          address: row.address,
          family: row.family,
          memo: row.memo,
          description: row.description,
          ctime: row.created_at.toISOString(),
        })),
      });
    },
  );

  app.post(
    '/address-book',
    {
      config: { access: inSpace('address_book.manage') },
      schema: {
        response: replies(addAddressReply),
        tags,
        body: addressBookBody,
        summary: 'Add a whitelisted address (admins, e-mail code)',
      },
    },
    async (request, reply) => {
      const { organization } = requireSpace(request);
      const { user } = requireUser(request);
      const address = checksumEvmAddress(request.body.address);
      const codeId = await checkEmailCode(ctx, 'address_book_add', user.email, request.body.email_code);
      const row = await ctx.db.transaction().execute(async (trx) => {
        const exists = await trx
          .selectFrom('address_book')
          .select('id')
          .where('organization_id', '=', organization.id)
          .where(sql<boolean>`lower(address) = ${address.toLowerCase()}`)
          .executeTakeFirst();
        if (exists) throw new AppError('RESOURCE_EXISTS_ERROR', { resource: 'address' });
        await markCodeUsed(trx, codeId);
        const created = await trx
          .insertInto('address_book')
          .values({
            organization_id: organization.id,
            name: request.body.name,
            address,
            memo: request.body.memo ?? null,
            description: request.body.description ?? null,
            created_by: user.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await writeAudit(trx, {
          organizationId: organization.id,
          userId: user.id,
          type: 'address_book',
          operation: 'add',
          ip: request.ip,
          content: { address, name: request.body.name },
        });
        return created;
      });
      return reply.ok({ id: row.id, address });
    },
  );

  app.delete(
    '/address-book',
    {
      config: { access: inSpace('address_book.manage') },
      schema: {
        response: replies(doneReply),
        tags,
        body: addressBookDeleteBody,
        summary: 'Delete a whitelisted address (admins, e-mail code)',
      },
    },
    async (request, reply) => {
      const { organization } = requireSpace(request);
      const { user } = requireUser(request);
      const entry = await ctx.db
        .selectFrom('address_book')
        .selectAll()
        .where('id', '=', request.body.id)
        .where('organization_id', '=', organization.id)
        .executeTakeFirst();
      if (!entry) throw new AppError('ADDRESS_NOT_FOUND_ERROR');
      const codeId = await checkEmailCode(ctx, 'address_book_delete', user.email, request.body.email_code);
      await ctx.db.transaction().execute(async (trx) => {
        await markCodeUsed(trx, codeId);
        await trx.deleteFrom('address_book').where('id', '=', entry.id).execute();
        await writeAudit(trx, {
          organizationId: organization.id,
          userId: user.id,
          type: 'address_book',
          operation: 'delete',
          ip: request.ip,
          content: { address: entry.address, name: entry.name },
        });
      });
      return reply.ok({});
    },
  );
}
