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
import { checkEmailCode } from '../auth/email-code.service';
import { userCommandContext } from '../../lib/command-context';
import { addSigner, markVerified, removeSigner } from './signer-commands';
import {
  findOwnSigner,
  ownSigners,
  SignerStatus,
  signerWalletLinks,
  spaceSignerAddresses,
} from './signer-repository';
import { issueChallenge, openChallenge } from './challenge.service';
import { family as familyCall } from '../transfers/transfer-family';
import { signerFamily, signerRecord } from './signer-family';

const tags = ['signer-address'];
/** A paired phone lists, adds and verifies its own key (§1 companion signer); it never deletes. */
const PHONE_TOO = { access: SIGNED_IN, phone: true };

export async function signerRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/permission-address',
    {
      config: PHONE_TOO,
      schema: {
        response: replies(signerAddressListReply),
        tags,
        summary: "The user's signer addresses with their linked wallets",
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const rows = await ownSigners(ctx.db, user.id);
      const links = await signerWalletLinks(
        ctx.db,
        rows.map((row) => row.id),
      );
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
      config: PHONE_TOO,
      schema: {
        response: replies(addSignerReply),
        tags,
        body: addSignerBody,
        summary: 'Add a signer address (pending until verified)',
      },
    },
    async (request, reply) => {
      const family = ctx.chains.familyOfKind(request.body.family);
      const key = await familyCall(() => family.signerKeyOf({ address: request.body.address }));
      const row = await addSigner(
        ctx,
        userCommandContext(request),
        {
          family: request.body.family,
          name: request.body.name,
          address: key.address,
          description: request.body.description ?? null,
          source: request.body.source,
          derivation_path: request.body.path ?? null,
        },
        { address: key.address, name: request.body.name },
      );
      return reply.ok({ id: row.id, address: row.address, status: row.status });
    },
  );

  app.get(
    '/permission-address/challenge',
    {
      config: PHONE_TOO,
      schema: {
        response: replies(signerChallengeReply),
        tags,
        querystring: signerIdQuery,
        summary: 'A one-time message to sign with this address',
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const signer = await findOwnSigner(ctx.db, user.id, request.query.id);
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
      config: PHONE_TOO,
      schema: {
        response: replies(verifySignerReply),
        tags,
        body: verifySignerBody,
        summary: 'Verify the address with a personal_sign signature of the challenge',
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const signer = await findOwnSigner(ctx.db, user.id, request.body.id);
      if (!signer) throw new AppError('SIGNER_ADDRESS_NOT_FOUND_ERROR');
      const challenge = await openChallenge(ctx.db, {
        challengeId: request.body.challenge_id,
        userId: user.id,
        purpose: 'signer_address',
        subjectId: signer.id,
      });
      const valid = await familyCall(() =>
        signerFamily(ctx, signer).verifySignerProof(signerRecord(signer), challenge.message, {
          signature: request.body.signature,
        }),
      );
      if (!valid) throw new AppError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
      await markVerified(ctx, userCommandContext(request), signer, challenge.id);
      return reply.ok({ id: signer.id, status: SignerStatus.Verified });
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
      const signer = await findOwnSigner(ctx.db, user.id, request.body.id);
      if (!signer) throw new AppError('SIGNER_ADDRESS_NOT_FOUND_ERROR');
      const codeId = await checkEmailCode(
        ctx,
        'permission_address_delete',
        user.email,
        request.body.email_code,
      );
      const status = await removeSigner(ctx, userCommandContext(request), signer, codeId);
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
      const rows = await spaceSignerAddresses(ctx.db, organization.id);
      return reply.ok({ list: rows });
    },
  );
}
