import { walletIdBody, walletIdQuery, smallAmountTestVolumeReply, taskReply } from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { commandContext } from '../../lib/command-context';
import { inSpace } from '../../plugins/access-rules';
import { formatUnits } from '../wallets/decimal';
import { loadWallet } from '../wallets/wallet-access';
import { cachedBalances } from '../wallets/wallet-assets';
import { createTransfer } from './transfer-create';
import { presentTask } from './transfer-present';

const tags = ['transfer'];
/** What the test moves: a small amount of the chain's coin, from the wallet to itself. */
const TEST_AMOUNT = '0.0001';

/**
 * The small-amount test of a new wallet (§4): deposit a little, then a self-transfer goes
 * through the real signing and broadcast steps, so the team sees the wallet work end to end
 * before trusting it with funds.
 */
export async function smallAmountTestRoutes(app: AppInstance, ctx: AppContext) {
  app.get(
    '/wallets/small-amount-test-volume',
    {
      config: { access: inSpace('wallet.view') },
      schema: {
        response: replies(smallAmountTestVolumeReply),
        tags,
        querystring: walletIdQuery,
        summary: 'The amount the small-amount test moves, and whether the wallet holds it',
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.query.wallet_id);
      const info = ctx.chains.chainInfo(wallet.chain_key);
      const balances = (await cachedBalances(ctx.db, [wallet.id])).get(wallet.id);
      const balance = BigInt(balances?.get('native') ?? '0');
      const needed = 10n ** BigInt(info.nativeDecimals - 4);
      return reply.ok({
        symbol: info.nativeSymbol,
        amount: TEST_AMOUNT,
        deposit_address: wallet.address,
        balance: formatUnits(balance, info.nativeDecimals),
        enough: balance >= needed,
      });
    },
  );

  app.post(
    '/wallets/small-amount-test',
    {
      config: { access: inSpace('transfer.act') },
      schema: {
        response: replies(taskReply),
        tags,
        body: walletIdBody,
        summary: 'Start the small-amount test: a self-transfer that the signers sign and a broadcaster sends',
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      if (ctx.chains.chainInfo(wallet.chain_key).family !== 'EVM')
        throw new AppError('SMALL_AMOUNT_TEST_STATUS_ERROR');
      const task = await createTransfer(
        ctx,
        commandContext(request),
        {
          wallet_id: wallet.id,
          to: wallet.address ?? '',
          amount: TEST_AMOUNT,
          token: null,
          remark: 'Small-amount test',
          acknowledge_similar: false,
          fee_tier: 'standard',
        },
        { smallAmountTest: true },
      );
      return reply.ok(presentTask(task));
    },
  );
}
