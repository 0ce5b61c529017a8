import { z } from 'zod';
import { faucetBody, faucetReply, devnetSendReply, text } from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { SIGNED_IN } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';

/**
 * Development only (not registered in production): fund any address on the local devnet with
 * test ETH and test USDT, so a newcomer can try transfers without outside funds.
 */
export async function devFaucetRoutes(app: AppInstance, ctx: AppContext) {
  app.post(
    '/dev/faucet',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(faucetReply),
        tags: ['dev'],
        body: faucetBody,
        summary: 'Fund an address on the devnet (dev mode only)',
      },
    },
    async (request, reply) => {
      requireUser(request);
      const faucet = ctx.chains.devnetFaucet();
      if (!faucet) throw new AppError('FEATURE_NOT_SUPPORTED_ERROR');
      const chain = ctx.chains.walletChain(faucet.chainKey);
      if (!chain.isValidAddress(request.body.address)) throw new AppError('CHAIN_ADDRESS_INVALID_ERROR');
      const eth = request.body.eth ?? (request.body.usdt ? undefined : '1');
      const result = await faucet.fund(chain.normalizeAddress(request.body.address), {
        ...(eth ? { eth } : {}),
        ...(request.body.usdt ? { usdt: request.body.usdt } : {}),
      });
      return reply.ok(result);
    },
  );

  app.post(
    '/dev/devnet-send',
    {
      config: { access: SIGNED_IN },
      schema: {
        response: replies(devnetSendReply),
        tags: ['dev'],
        summary: 'Send a transaction from a devnet test account 1–18 (the devnet signer; dev mode only)',
        body: z.object({
          from_index: z.number().int().min(1).max(18),
          to: text().regex(/^0x[0-9a-fA-F]{40}$/, 'CHAIN_ADDRESS_INVALID_ERROR'),
          data: z
            .string()
            .regex(/^0x([0-9a-fA-F]{2})*$/, 'PARAMS_INVALID_ERROR')
            .max(200_000),
          value: z
            .string()
            .regex(/^\d{1,40}$/, 'PARAMS_INVALID_ERROR')
            .optional(),
        }),
      },
    },
    async (request, reply) => {
      requireUser(request);
      const faucet = ctx.chains.devnetFaucet();
      if (!faucet) throw new AppError('FEATURE_NOT_SUPPORTED_ERROR');
      const txHash = await faucet.send(request.body.from_index, {
        to: request.body.to,
        data: request.body.data,
        ...(request.body.value ? { value: BigInt(request.body.value) } : {}),
      });
      return reply.ok({ tx_hash: txHash });
    },
  );
}
