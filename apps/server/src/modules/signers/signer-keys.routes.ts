import { z } from 'zod';
import { addSignerKeyReply, verifySignerReply, bitcoinCheckReply, text } from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import { keySource, SIGNER_DEVICES } from '../wallets/hardware-mix';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { SIGNED_IN } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import { userCommandContext } from '../../lib/command-context';
import { openChallenge } from './challenge.service';
import { addSigner, markVerified } from './signer-commands';
import { findOwnSigner, SignerStatus } from './signer-repository';
import { signerFamily, signerRecord } from './signer-family';
import { family as familyCall } from '../transfers/transfer-family';

const tags = ['signer-address'];

const chainKey = text().min(1).max(40);
export const addSignerKeyBody = z.object({
  name: text().trim().min(1, 'PARAMS_REQUIRED_ERROR').max(30, 'PARAMS_INVALID_ERROR'),
  chain_key: chainKey,
  /** Extended public key of the signer's account (xpub/ypub/zpub/Zpub/Ltub/tpub/vpub/Vpub …). */
  xpub: text().trim().min(20).max(200),
  /** Master key fingerprint, 8 hex digits. */
  fingerprint: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{8}$/, 'PARAMS_INVALID_ERROR'),
  /** Path from the master to the xpub, e.g. m/48'/2'/0'/2'. */
  path: text().trim().min(1).max(100),
  description: text().trim().max(99).optional(),
  /** Where the key lives (§5: LTC/BCH multisigs cannot mix Ledger with Trezor or OneKey keys). */
  device: z.enum(SIGNER_DEVICES).default('software'),
});
export const verifySignerKeyBody = z.object({
  id: z.number().int().positive(),
  challenge_id: z.number().int().positive(),
  /** BIP-137 signed message (base64, 65 bytes) of the challenge. */
  signature: text().trim().min(1, 'SIGNATURE_EMPTY_ERROR').max(200),
  /** Key below the xpub that signed, e.g. "0/0" (the account's first receive key); none = the xpub's own key. */
  child_path: z
    .string()
    .trim()
    .regex(/^\d{1,9}(\/\d{1,9}){0,3}$/, 'PARAMS_INVALID_ERROR')
    .optional(),
});
export const bitcoinCheckBody = z.object({
  chain_key: chainKey,
  xpub: text().trim().max(200).optional(),
  fingerprint: text().trim().max(8).optional(),
  path: text().trim().max(100).optional(),
  descriptor: text().trim().max(20_000).optional(),
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
      const body = request.body;
      const chain = ctx.chains.requireUtxo(body.chain_key);
      const key = await familyCall(() => ctx.chains.family(chain).signerKeyOf(body));
      const row = await addSigner(
        ctx,
        userCommandContext(request),
        {
          family: 'BTC',
          name: body.name,
          address: key.address,
          description: body.description ?? null,
          source: keySource(body.device),
          derivation_path: key.derivationPath,
          fingerprint: key.fingerprint,
          chain_key: chain,
        },
        { address: key.address, fingerprint: key.fingerprint, path: key.derivationPath, chain },
      );
      // The challenge comes from GET /permission-address/challenge?id= like any signer address.
      return reply.ok({
        id: row.id,
        address: row.address,
        fingerprint: key.fingerprint!,
        path: key.derivationPath!,
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
      const signer = await findOwnSigner(ctx.db, user.id, request.body.id, 'BTC');
      if (!signer || !signer.chain_key || !signer.fingerprint || !signer.derivation_path)
        throw new AppError('SIGNER_ADDRESS_NOT_FOUND_ERROR');
      const challenge = await openChallenge(ctx.db, {
        challengeId: request.body.challenge_id,
        userId: user.id,
        purpose: 'signer_address',
        subjectId: signer.id,
      });
      const valid = await familyCall(() =>
        signerFamily(ctx, signer).verifySignerProof(signerRecord(signer), challenge.message, {
          signature: request.body.signature,
          childPath: request.body.child_path,
        }),
      );
      if (!valid) throw new AppError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
      await markVerified(ctx, userCommandContext(request), signer, challenge.id);
      return reply.ok({ id: signer.id, status: SignerStatus.Verified });
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
      const chain = ctx.chains.requireUtxo(body.chain_key);
      const family = ctx.chains.family(chain);
      const scriptType = family.capabilities.addressScript ?? '';
      if (body.descriptor) {
        const imported = await familyCall(() => family.importSetup!(body.descriptor!));
        const setup = await familyCall(() => family.prepareSetup(imported));
        return reply.ok({
          kind: 'descriptor',
          script_type: scriptType,
          // The family imports only its own wrapper: wsh(sortedmulti) or, on Bitcoin Cash, sh(sortedmulti).
          wrapper: scriptType === 'p2wsh' ? 'wsh' : 'sh',
          threshold: imported.threshold,
          signer_count: imported.keys.length,
          keys: imported.keys as Array<{ xpub: string; fingerprint: string; path: string }>,
          descriptor: setup.descriptors!,
          first_address: setup.address,
        });
      }
      const record = await familyCall(() => family.signerKeyOf(body));
      const key = { xpub: record.address, fingerprint: record.fingerprint!, path: record.derivationPath! };
      return reply.ok({ kind: 'key', script_type: scriptType, key });
    },
  );
}
