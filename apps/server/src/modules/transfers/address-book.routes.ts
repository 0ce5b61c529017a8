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
import { requireSpace } from '../../plugins/access';
import { inSpace } from '../../plugins/access-rules';
import { commandContext } from '../../lib/command-context';
import { addAddress, addressBookEntries, bookAddress, deleteAddress } from './address-book';

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
      const rows = await addressBookEntries(ctx, organization.id);
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
      const { address, family } = await bookAddress(ctx, request.body.address, request.body.chain_id);
      const id = await addAddress(ctx, commandContext(request), { ...request.body, address, family });
      return reply.ok({ id, address });
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
      await deleteAddress(ctx, commandContext(request), request.body);
      return reply.ok({});
    },
  );
}
