import { z } from 'zod';
import {
  bitcoinNetwork,
  isBitcoinChainKey,
  isBitcoinError,
  messageHash,
  asFamilyError,
} from '@keystead/chains';
import { signRecoveryPsbtAsKey } from '@keystead/chains/bitcoin/recovery-test-signer';
import { signPsbtAsSigner, testSigner } from '@keystead/chains/bitcoin/test-signer';
import * as ecc from 'tiny-secp256k1';
import {
  utxoFaucetReply,
  devnetKeyListReply,
  devnetSignReply,
  devnetSignMessageReply,
  text,
} from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { SIGNED_IN } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import type { UtxoChainEndpoint } from '../chains/chain-registry';
import { regtestFaucet } from '../chains/regtest-faucet';
import { asAppError } from '../transfers/transfer-family';

/** Dev tools: Bitcoin-family adapter errors as catalogue errors (the adapter's reason as data). */
async function mapped<T>(work: () => T | Promise<T>, field?: string): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw asAppError(asFamilyError(error, field));
  }
}

/** Devnet signer n (1–9): the seed is 32 bytes of n, like the EVM devnet's well-known accounts. */
function devnetSigner(chain: string, index: number) {
  if (!isBitcoinChainKey(chain) || !bitcoinNetwork(chain).testnet)
    throw new AppError('FEATURE_NOT_SUPPORTED_ERROR');
  return { chain, signer: testSigner(chain, new Uint8Array(32).fill(index)) };
}
const devnetBody = { chain_key: text().default('ltc-regtest'), index: z.number().int().min(1).max(9) };

/** The local regtest node of this chain key (development only). */
function devnetEndpoint(ctx: AppContext, chainKey: string): UtxoChainEndpoint {
  const endpoint = ctx.chains
    .list()
    .find((e): e is UtxoChainEndpoint => e.family === 'BTC' && e.isDevnet && e.chainId === chainKey);
  if (!endpoint) throw new AppError('FEATURE_NOT_SUPPORTED_ERROR');
  return endpoint;
}

/**
 * Development only (not registered in production): coins on a local regtest node for any
 * address, confirmed at once (UTXOs are read from the confirmed set).
 */
export async function utxoDevFaucetRoutes(app: AppInstance, ctx: AppContext) {
  app.post(
    '/dev/utxo-faucet',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(utxoFaucetReply),
        tags: ['dev'],
        summary: 'Fund an address on the local Litecoin regtest node and mine a block (dev mode only)',
        body: z.object({
          chain_key: text().default('ltc-regtest'),
          address: text().trim().min(1).max(120),
          amount: z
            .string()
            .regex(/^\d{1,3}(\.\d{1,8})?$/, 'PARAMS_INVALID_ERROR')
            .default('1'),
        }),
      },
    },
    async (request, reply) => {
      requireUser(request);
      const endpoint = devnetEndpoint(ctx, request.body.chain_key);
      const adapter = ctx.chains.utxoChain(endpoint.chainId);
      const address = await mapped(() => adapter.normalizeAddress(request.body.address), 'address');
      try {
        const { base, wallet } = await regtestFaucet(endpoint);
        const balance = await wallet.call<number>('getbalance');
        if (balance < Number(request.body.amount) + 1) {
          const own = await wallet.call<string>('getnewaddress');
          await base.call('generatetoaddress', [101, own]);
        }
        const txid = await wallet.call<string>('sendtoaddress', [address, Number(request.body.amount)]);
        const miner = await wallet.call<string>('getnewaddress');
        const [block] = await base.call<string[]>('generatetoaddress', [1, miner]);
        return reply.ok({ txid, block });
      } catch (error) {
        if (isBitcoinError(error))
          throw new AppError('WS_BTC_UTXO_QUERY_ERROR', {}, { detail: error.message.slice(0, 200) });
        throw new AppError(
          'WS_BTC_UTXO_QUERY_ERROR',
          {},
          { detail: String((error as Error).message).slice(0, 200) },
        );
      }
    },
  );

  app.post(
    '/dev/utxo-mine',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(z.object({ height: z.number().int() })),
        tags: ['dev'],
        summary: 'Mine blocks on the local regtest node, e.g. to age coins past a timelock (dev mode only)',
        body: z.object({
          chain_key: text().default('ltc-regtest'),
          blocks: z.number().int().min(1).max(1000),
        }),
      },
    },
    async (request, reply) => {
      requireUser(request);
      const { base, wallet } = await regtestFaucet(devnetEndpoint(ctx, request.body.chain_key));
      await base.call('generatetoaddress', [request.body.blocks, await wallet.call<string>('getnewaddress')]);
      return reply.ok({ height: await base.call<number>('getblockcount') });
    },
  );

  // The devnet PSBT signer: well-known test keys 1–9 of testnet/regtest chains (the stand-in for
  // Sparrow or a hardware wallet in development and browser tests). Real keys never reach the server.
  app.get(
    '/dev/utxo-devnet-keys',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(devnetKeyListReply),
        tags: ['dev'],
        querystring: z.object({ chain_key: text().default('ltc-regtest') }),
        summary: 'The devnet signer keys 1–9 (xpub, fingerprint, path; dev mode only)',
      },
    },
    async (request, reply) => {
      requireUser(request);
      return reply.ok({
        list: Array.from({ length: 9 }, (_, i) => ({
          index: i + 1,
          ...devnetSigner(request.query.chain_key, i + 1).signer.key,
        })),
      });
    },
  );

  app.post(
    '/dev/utxo-devnet-sign',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(devnetSignReply),
        tags: ['dev'],
        body: z.object({
          ...devnetBody,
          psbt: text().trim().min(1).max(2_000_000),
          /** recovery: sign as a wallet's emergency recovery key (its own path, after the delay). */
          path: z.enum(['multisig', 'recovery']).default('multisig'),
        }),
        summary: 'Sign a PSBT with devnet signer key n (dev mode only)',
      },
    },
    async (request, reply) => {
      requireUser(request);
      const { chain, signer } = devnetSigner(request.body.chain_key, request.body.index);
      const sign = request.body.path === 'recovery' ? signRecoveryPsbtAsKey : signPsbtAsSigner;
      return reply.ok({ psbt: await mapped(() => sign(request.body.psbt, chain, signer), 'psbt') });
    },
  );

  app.post(
    '/dev/utxo-devnet-sign-message',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(devnetSignMessageReply),
        tags: ['dev'],
        body: z.object({ ...devnetBody, message: text().min(1).max(2000) }),
        summary: 'BIP-137 signed message by devnet signer key n (its account key; dev mode only)',
      },
    },
    async (request, reply) => {
      requireUser(request);
      const { chain, signer } = devnetSigner(request.body.chain_key, request.body.index);
      const account = signer.master.derivePath(signer.key.path);
      const { signature, recoveryId } = ecc.signRecoverable(
        messageHash(bitcoinNetwork(chain), request.body.message),
        account.privateKey!,
      );
      return reply.ok({
        signature: Buffer.concat([Buffer.from([31 + recoveryId]), Buffer.from(signature)]).toString('base64'),
      });
    },
  );
}
