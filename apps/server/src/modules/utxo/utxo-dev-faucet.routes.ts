import { z } from 'zod';
import { createBitcoinRpc, isBitcoinError } from '@keystead/chains';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { SIGNED_IN } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import type { UtxoChainEndpoint } from '../chains/chain-registry';
import { mapped } from './utxo-errors';

const WALLET = 'keystead-faucet';

/** The node's faucet wallet RPC (created and funded by mining on first use). */
function faucetRpc(endpoint: UtxoChainEndpoint) {
  const url = new URL(endpoint.rpcUrl);
  if (endpoint.rpcUser) {
    url.username = encodeURIComponent(endpoint.rpcUser);
    url.password = encodeURIComponent(endpoint.rpcPassword ?? '');
  }
  const base = createBitcoinRpc(url.toString());
  url.pathname = `/wallet/${WALLET}`;
  return { base, wallet: createBitcoinRpc(url.toString()) };
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
        tags: ['dev'],
        summary: 'Fund an address on the local Litecoin regtest node and mine a block (dev mode only)',
        body: z.object({ chain_key: z.string().default('ltc-regtest'), address: z.string().trim().min(1).max(120), amount: z.string().regex(/^\d{1,3}(\.\d{1,8})?$/, 'PARAMS_INVALID_ERROR').default('1') }),
      },
    },
    async (request, reply) => {
      requireUser(request);
      const endpoint = ctx.chains.list().find((e): e is UtxoChainEndpoint => e.family === 'BTC' && e.isDevnet && e.chainId === request.body.chain_key);
      if (!endpoint) throw new AppError('FEATURE_NOT_SUPPORTED_ERROR');
      const adapter = ctx.chains.utxoChain(endpoint.chainId);
      const address = await mapped(() => adapter.normalizeAddress(request.body.address), 'address');
      const { base, wallet } = faucetRpc(endpoint);
      try {
        await base.call('loadwallet', [WALLET]).catch(async (error: unknown) => {
          if (/not found|does not exist/i.test(String((error as Error).message))) await base.call('createwallet', [WALLET]);
          else if (!/already loaded/i.test(String((error as Error).message))) throw error;
        });
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
        if (isBitcoinError(error)) throw new AppError('WS_BTC_UTXO_QUERY_ERROR', {}, { detail: error.message.slice(0, 200) });
        throw new AppError('WS_BTC_UTXO_QUERY_ERROR', {}, { detail: String((error as Error).message).slice(0, 200) });
      }
    },
  );
}
