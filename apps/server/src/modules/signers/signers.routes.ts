import {
  addSignerBody,
  deleteSignerBody,
  signerIdQuery,
  verifySignerBody,
  signerAddressListReply,
  addSignerReply,
  signerChallengeReply,
  verifySignerReply,
  deleteSignerReply,
  signUserListReply,
} from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { requireSpace } from '../../plugins/access';
import { SIGNED_IN, inSpace } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import { checkEmailCode, markCodeUsed } from '../auth/email-code.service';
import { consumeChallenge, issueChallenge, openChallenge } from './challenge.service';
import { checksumEvmAddress, recoverPersonalSigner } from './evm-message';

const tags = ['signer-address'];
const STATUS = { pending: 0, verified: 1, pendingDeletion: 2 } as const;

export async function signerRoutes(app: AppInstance, ctx: AppContext) {
  const audit = (userId: number, operation: string, ip: string, content: Record<string, unknown>) => ({
    organizationId: null,
    userId,
    type: 'signer_address',
    operation,
    ip,
    content,
  });

  app.get(
    '/permission-address',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(signerAddressListReply),
        tags,
        summary: "The user's signer addresses with their linked wallets",
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const rows = await ctx.db
        .selectFrom('signer_addresses')
        .selectAll()
        .where('user_id', '=', user.id)
        .orderBy('id')
        .execute();
      const links = rows.length
        ? await ctx.db
            .selectFrom('wallet_signers as s')
            .innerJoin('wallets as w', 'w.id', 's.wallet_id')
            .select([
              's.signer_address_id',
              'w.id',
              'w.name',
              'w.chain_key',
              'w.sign_type',
              'w.status',
              'w.organization_id',
            ])
            .where(
              's.signer_address_id',
              'in',
              rows.map((row) => row.id),
            )
            .execute()
        : [];
      const list = rows.map((row) => ({
        id: row.id,
        name: row.name,
        address: row.address,
        family: row.family,
        description: row.description,
        source: row.source,
        status: row.status,
        public_key: row.public_key,
        path: row.derivation_path,
        // Bitcoin-family signer keys: the chain of the xpub and the master fingerprint.
        chain_key: row.chain_key,
        fingerprint: row.fingerprint,
        created_at: row.created_at.toISOString(),
        verified_at: row.verified_at?.toISOString() ?? null,
        linked_wallets: links
          .filter((link) => link.signer_address_id === row.id)
          .map(({ signer_address_id: _s, ...wallet }) => wallet),
      }));
      return reply.ok({ list });
    },
  );

  app.post(
    '/permission-address',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(addSignerReply),
        tags,
        body: addSignerBody,
        summary: 'Add a signer address (pending until verified)',
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const address = checksumEvmAddress(request.body.address);
      const exists = await ctx.db
        .selectFrom('signer_addresses')
        .select('id')
        .where('user_id', '=', user.id)
        .where('family', '=', request.body.family)
        .where((eb) => eb(eb.fn('lower', ['address']), '=', address.toLowerCase()))
        .executeTakeFirst();
      if (exists) throw new AppError('RESOURCE_EXISTS_ERROR', { resource: 'address' });
      const row = await ctx.db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('signer_addresses')
          .values({
            user_id: user.id,
            family: request.body.family,
            name: request.body.name,
            address,
            description: request.body.description ?? null,
            source: request.body.source,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(trx, audit(user.id, 'add', request.ip, { address, name: request.body.name }));
        return created;
      });
      return reply.ok({ id: row.id, address: row.address, status: row.status });
    },
  );

  app.get(
    '/permission-address/challenge',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(signerChallengeReply),
        tags,
        querystring: signerIdQuery,
        summary: 'A one-time message to sign with this address',
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const signer = await ctx.db
        .selectFrom('signer_addresses')
        .selectAll()
        .where('id', '=', request.query.id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (!signer) throw new AppError('SIGNER_ADDRESS_NOT_FOUND_ERROR');
      const challenge = await issueChallenge(ctx.db, {
        userId: user.id,
        email: user.email,
        purpose: 'signer_address',
        subjectId: signer.id,
        address: signer.address,
      });
      return reply.ok({
        challenge_id: challenge.challengeId,
        message: challenge.message,
        expires_at: challenge.expiresAt.toISOString(),
      });
    },
  );

  app.post(
    '/permission-address/verify',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(verifySignerReply),
        tags,
        body: verifySignerBody,
        summary: 'Verify the address with a personal_sign signature of the challenge',
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const signer = await ctx.db
        .selectFrom('signer_addresses')
        .selectAll()
        .where('id', '=', request.body.id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (!signer) throw new AppError('SIGNER_ADDRESS_NOT_FOUND_ERROR');
      const challenge = await openChallenge(ctx.db, {
        challengeId: request.body.challenge_id,
        userId: user.id,
        purpose: 'signer_address',
        subjectId: signer.id,
      });
      const recovered = await recoverPersonalSigner(challenge.message, request.body.signature);
      if (recovered.toLowerCase() !== signer.address.toLowerCase())
        throw new AppError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
      await ctx.db.transaction().execute(async (trx) => {
        await consumeChallenge(trx, challenge.id);
        await trx
          .updateTable('signer_addresses')
          .set({ status: STATUS.verified, verified_at: new Date() })
          .where('id', '=', signer.id)
          .execute();
        await writeAudit(trx, audit(user.id, 'verify', request.ip, { address: signer.address }));
      });
      return reply.ok({ id: signer.id, status: STATUS.verified });
    },
  );

  app.delete(
    '/permission-address',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(deleteSignerReply),
        tags,
        body: deleteSignerBody,
        summary: 'Delete (or mark for deletion while wallets use it), with an e-mail code',
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const signer = await ctx.db
        .selectFrom('signer_addresses')
        .selectAll()
        .where('id', '=', request.body.id)
        .where('user_id', '=', user.id)
        .executeTakeFirst();
      if (!signer) throw new AppError('SIGNER_ADDRESS_NOT_FOUND_ERROR');
      const codeId = await checkEmailCode(
        ctx,
        'permission_address_delete',
        user.email,
        request.body.email_code,
      );
      const status = await ctx.db.transaction().execute(async (trx) => {
        await markCodeUsed(trx, codeId);
        const inUse = await trx
          .selectFrom('wallet_signers as s')
          .innerJoin('wallets as w', 'w.id', 's.wallet_id')
          .select('w.id')
          .where('s.signer_address_id', '=', signer.id)
          .where('w.status', '<>', 10)
          .limit(1)
          .executeTakeFirst();
        if (inUse) {
          await trx
            .updateTable('signer_addresses')
            .set({ status: STATUS.pendingDeletion })
            .where('id', '=', signer.id)
            .execute();
        } else {
          await trx
            .deleteFrom('signature_challenges')
            .where('purpose', '=', 'signer_address')
            .where('subject_id', '=', signer.id)
            .execute();
          await trx.deleteFrom('signer_addresses').where('id', '=', signer.id).execute();
        }
        await writeAudit(
          trx,
          audit(user.id, inUse ? 'mark_for_deletion' : 'delete', request.ip, { address: signer.address }),
        );
        return inUse ? 'pending_deletion' : 'deleted';
      });
      return reply.ok({ result: status });
    },
  );

  /** Verified signer addresses of the space's joined members: the wizard's choices. */
  app.get(
    '/permission-address/wallet-sign-user',
    {
      config: { access: inSpace('wallet.create') },
      schema: {
        response: replies(signUserListReply),
        tags,
        summary: "Verified signer addresses of the space's members",
      },
    },
    async (request, reply) => {
      const { organization } = requireSpace(request);
      const rows = await ctx.db
        .selectFrom('signer_addresses as s')
        .innerJoin('organization_members as m', (join) =>
          join
            .onRef('m.user_id', '=', 's.user_id')
            .on('m.organization_id', '=', organization.id)
            .on('m.status', '=', 'joined'),
        )
        .innerJoin('users as u', 'u.id', 's.user_id')
        .select(['s.id', 's.name', 's.address', 's.family', 's.user_id', 'u.nickname', 'u.email'])
        .where('s.status', '=', STATUS.verified)
        .orderBy('s.id')
        .execute();
      return reply.ok({ list: rows });
    },
  );
}
