import { z } from 'zod';
import {
  bitcoinNetwork,
  parseDescriptor,
  parseSignerKey,
  verifySignerKeyMessage,
  walletDescriptors,
  walletFromDescriptor,
  deriveAddress,
  type BitcoinChainKey,
} from '@keystead/chains';
import { addSignerKeyReply, verifySignerReply, bitcoinCheckReply } from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { SIGNED_IN } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import { consumeChallenge, openChallenge } from './challenge.service';
import { mapped, requireUtxoChain } from '../chains/bitcoin-errors';

const tags = ['signer-address'];

const chainKey = z.string().min(1).max(40);
export const addSignerKeyBody = z.object({
  name: z.string().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(30, 'PARAMS_INVALID_ERROR'),
  chain_key: chainKey,
  /** Extended public key of the signer's account (xpub/ypub/zpub/Zpub/Ltub/tpub/vpub/Vpub …). */
  xpub: z.string().trim().min(20).max(200),
  /** Master key fingerprint, 8 hex digits. */
  fingerprint: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{8}$/, 'PARAMS_INVALID_ERROR'),
  /** Path from the master to the xpub, e.g. m/48'/2'/0'/2'. */
  path: z.string().trim().min(1).max(100),
  description: z.string().trim().max(99).optional(),
});
export const verifySignerKeyBody = z.object({
  id: z.number().int().positive(),
  challenge_id: z.number().int().positive(),
  /** BIP-137 signed message (base64, 65 bytes) of the challenge. */
  signature: z.string().trim().min(1, 'SIGNATURE_EMPTY_ERROR').max(200),
  /** Key below the xpub that signed, e.g. "0/0" (the account's first receive key); none = the xpub's own key. */
  child_path: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\/\d{1,9}){0,3}$/, 'PARAMS_INVALID_ERROR')
    .optional(),
});
export const bitcoinCheckBody = z.object({
  chain_key: chainKey,
  xpub: z.string().trim().max(200).optional(),
  fingerprint: z.string().trim().max(8).optional(),
  path: z.string().trim().max(100).optional(),
  descriptor: z.string().trim().max(20_000).optional(),
});

export async function signerKeyRoutes(app: AppInstance, ctx: AppContext) {
  /** A Bitcoin-family signer key (pending until the challenge is signed with it). */
  app.post(
    '/permission-address/bitcoin',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(addSignerKeyReply),
        tags,
        body: addSignerKeyBody,
        summary: 'Add a Bitcoin-family signer key (xpub, fingerprint, path); pending until verified',
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const body = request.body;
      const chain = requireUtxoChain(ctx, body.chain_key);
      const key = await mapped(
        () =>
          parseSignerKey(
            { xpub: body.xpub, fingerprint: body.fingerprint, path: body.path },
            bitcoinNetwork(chain),
          ),
        'xpub',
      );
      const exists = await ctx.db
        .selectFrom('signer_addresses')
        .select('id')
        .where('user_id', '=', user.id)
        .where('family', '=', 'BTC')
        .where('address', '=', key.xpub)
        .executeTakeFirst();
      if (exists) throw new AppError('RESOURCE_EXISTS_ERROR', { resource: 'address' });
      const row = await ctx.db.transaction().execute(async (trx) => {
        const created = await trx
          .insertInto('signer_addresses')
          .values({
            user_id: user.id,
            family: 'BTC',
            name: body.name,
            address: key.xpub,
            description: body.description ?? null,
            source: 'xpub',
            derivation_path: key.path,
            fingerprint: key.fingerprint,
            chain_key: chain,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
        await writeAudit(trx, {
          organizationId: null,
          userId: user.id,
          type: 'signer_address',
          operation: 'add',
          ip: request.ip,
          content: { address: key.xpub, fingerprint: key.fingerprint, path: key.path, chain },
        });
        return created;
      });
      // The challenge comes from GET /permission-address/challenge?id= like any signer address.
      return reply.ok({
        id: row.id,
        address: row.address,
        fingerprint: key.fingerprint,
        path: key.path,
        chain_key: chain,
        status: row.status,
      });
    },
  );

  app.post(
    '/permission-address/bitcoin/verify',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(verifySignerReply),
        tags,
        body: verifySignerKeyBody,
        summary: 'Verify a signer key with a BIP-137 signed message of the challenge',
      },
    },
    async (request, reply) => {
      const { user } = requireUser(request);
      const signer = await ctx.db
        .selectFrom('signer_addresses')
        .selectAll()
        .where('id', '=', request.body.id)
        .where('user_id', '=', user.id)
        .where('family', '=', 'BTC')
        .executeTakeFirst();
      if (!signer || !signer.chain_key || !signer.fingerprint || !signer.derivation_path)
        throw new AppError('SIGNER_ADDRESS_NOT_FOUND_ERROR');
      const challenge = await openChallenge(ctx.db, {
        challengeId: request.body.challenge_id,
        userId: user.id,
        purpose: 'signer_address',
        subjectId: signer.id,
      });
      const chain = signer.chain_key as BitcoinChainKey;
      let valid = false;
      try {
        valid = verifySignerKeyMessage(
          chain,
          { xpub: signer.address, fingerprint: signer.fingerprint, path: signer.derivation_path },
          challenge.message,
          request.body.signature,
          request.body.child_path,
        );
      } catch {
        valid = false;
      }
      if (!valid) throw new AppError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
      await ctx.db.transaction().execute(async (trx) => {
        await consumeChallenge(trx, challenge.id);
        await trx
          .updateTable('signer_addresses')
          .set({ status: 1, verified_at: new Date() })
          .where('id', '=', signer.id)
          .execute();
        await writeAudit(trx, {
          organizationId: null,
          userId: user.id,
          type: 'signer_address',
          operation: 'verify',
          ip: request.ip,
          content: { address: signer.address },
        });
      });
      return reply.ok({ id: signer.id, status: 1 });
    },
  );

  /** Validates a signer key or a multisig descriptor without storing anything (Taproot refused). */
  app.post(
    '/wallets/bitcoin/check',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(bitcoinCheckReply),
        tags: ['wallet'],
        body: bitcoinCheckBody,
        summary: 'Validate a Bitcoin-family signer key or multisig descriptor',
      },
    },
    async (request, reply) => {
      const body = request.body;
      const chain = requireUtxoChain(ctx, body.chain_key);
      const network = bitcoinNetwork(chain);
      if (body.descriptor) {
        const parsed = await mapped(() => parseDescriptor(body.descriptor!, chain), 'descriptor');
        const wallet = await mapped(() => walletFromDescriptor(body.descriptor!, chain), 'descriptor');
        const descriptors = walletDescriptors(wallet);
        return reply.ok({
          kind: 'descriptor',
          script_type: network.scriptType,
          wrapper: parsed.wrapper,
          threshold: wallet.threshold,
          signer_count: wallet.keys.length,
          keys: wallet.keys,
          descriptor: descriptors,
          first_address: deriveAddress(wallet, 0, 0).address,
        });
      }
      if (!body.xpub || !body.fingerprint || !body.path)
        throw new AppError('PARAMS_REQUIRED_ERROR', {
          field: body.xpub ? (body.fingerprint ? 'path' : 'fingerprint') : 'xpub',
        });
      const key = await mapped(
        () => parseSignerKey({ xpub: body.xpub!, fingerprint: body.fingerprint!, path: body.path! }, network),
        'xpub',
      );
      return reply.ok({ kind: 'key', script_type: network.scriptType, key });
    },
  );
}
