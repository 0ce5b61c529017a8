import {
  createMultiWalletBody,
  walletIdBody,
  walletIdQuery,
  walletBaseReply,
  descriptorExportReply,
  receiveAddressReply,
  walletUtxosReply,
  text,
} from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import { commandContext } from '../../lib/command-context';
import { inSpace } from '../../plugins/access-rules';
import { loadWallet } from './wallet-access';
import { presentDescriptor, presentWallet } from './wallet-presenter';
import { cacheBalance, takeReceiveIndex } from './wallet-repository';
import { formatUnits } from './decimal';
import { createMultisigWallet } from './wallet-setup';
import { familyWallet, family as familyCall, timelockRecoveryOf } from '../transfers/transfer-family';
import { lockedInputs } from '../transfers/transfer-repository';
import { multisigOf } from './descriptor-wallet';

const tags = ['wallet'];

export const importDescriptorBody = createMultiWalletBody
  .omit({ signers: true, threshold: true, recovery: true })
  .extend({
    /** wsh(sortedmulti(…)) (BTC/LTC) or sh(sortedmulti(…)) (BCH) with [fingerprint/path]xpub/0/* (or /<0;1>/*) keys. */
    descriptor: text().trim().min(10).max(20_000),
  });

export async function utxoWalletRoutes(app: AppInstance, ctx: AppContext) {
  /** m-of-n sortedmulti wallet from the members' verified signer keys; normal at once. */
  app.post(
    '/wallets/bitcoin',
    {
      config: { access: inSpace('wallet.create') },
      schema: {
        response: replies(walletBaseReply),
        tags,
        body: createMultiWalletBody,
        summary: 'Create a Bitcoin-family multisig wallet (P2WSH, or P2SH on BCH) from verified signer keys',
      },
    },
    async (request, reply) => {
      ctx.chains.requireUtxo(request.body.chain_key);
      const { wallet, setup } = await createMultisigWallet(ctx, commandContext(request), request.body);
      return reply.ok({ ...presentWallet(wallet), descriptor: setup.descriptors });
    },
  );

  /** Import an existing multisig by its descriptor; at least `threshold` keys must be members' verified keys. */
  app.post(
    '/wallets/bitcoin/import',
    {
      config: { access: inSpace('wallet.create') },
      schema: {
        response: replies(walletBaseReply),
        tags,
        body: importDescriptorBody,
        summary: 'Import a Bitcoin-family multisig wallet from its output descriptor',
      },
    },
    async (request, reply) => {
      const { descriptor, ...body } = request.body;
      ctx.chains.requireUtxo(body.chain_key);
      const { wallet, setup } = await createMultisigWallet(ctx, commandContext(request), body, {
        descriptor,
      });
      return reply.ok({ ...presentWallet(wallet), descriptor: setup.descriptors });
    },
  );

  /** Export: the two descriptors (Sparrow, Electrum, Bitcoin Core importdescriptors) and the keys. */
  app.get(
    '/wallets/bitcoin/descriptor',
    {
      config: { access: inSpace('wallet.view') },
      schema: {
        response: replies(descriptorExportReply),
        tags,
        querystring: walletIdQuery,
        summary: 'Export the wallet descriptor (receive and change)',
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.query.wallet_id, { allowArchived: true });
      if (!wallet.descriptor_receive) throw new AppError('WALLET_NOT_FOUND_ERROR');
      const multisig = multisigOf(wallet);
      const recovery = timelockRecoveryOf(wallet);
      return reply.ok({
        chain_id: wallet.chain_key,
        threshold: multisig.threshold,
        keys: multisig.keys,
        recovery: recovery ? { ...recovery.key, blocks: recovery.blocks } : null,
        descriptor: presentDescriptor(wallet),
        // Bitcoin Core: importdescriptors '[…]' takes this list as is.
        import_descriptors: [
          {
            desc: wallet.descriptor_receive,
            active: true,
            internal: false,
            range: [0, wallet.next_receive_index + 20],
            timestamp: Math.floor(wallet.created_at.getTime() / 1000),
          },
          {
            desc: wallet.descriptor_change,
            active: true,
            internal: true,
            range: [0, wallet.next_change_index + 20],
            timestamp: Math.floor(wallet.created_at.getTime() / 1000),
          },
        ],
      });
    },
  );

  /** A fresh deposit address per use: the next unused receive index. */
  app.post(
    '/wallets/bitcoin/address',
    {
      config: { access: inSpace('wallet.view') },
      schema: {
        response: replies(receiveAddressReply),
        tags,
        body: walletIdBody,
        summary: 'A new deposit (receive) address of the wallet',
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.body.wallet_id);
      const family = ctx.chains.family(wallet.chain_key);
      if (!family.receiveAddress) throw new AppError('WALLET_NOT_FOUND_ERROR');
      const index = await takeReceiveIndex(ctx.db, wallet.id);
      return reply.ok({ ...family.receiveAddress(familyWallet(wallet), index), index });
    },
  );

  /** The wallet's unspent outputs, with confirmations and the task that locks each. */
  app.get(
    '/wallets/utxos',
    {
      config: { access: inSpace('wallet.view') },
      schema: {
        response: replies(walletUtxosReply),
        tags,
        querystring: walletIdQuery,
        summary: 'Unspent outputs of a Bitcoin-family wallet',
      },
    },
    async (request, reply) => {
      const { wallet } = await loadWallet(ctx.db, request, request.query.wallet_id);
      const family = ctx.chains.family(wallet.chain_key);
      if (!family.listCoins) throw new AppError('WALLET_NOT_FOUND_ERROR');
      const [coins, locks] = await Promise.all([
        familyCall(() => family.listCoins!(familyWallet(wallet))),
        lockedInputs(ctx.db, wallet.id),
      ]);
      const { nativeDecimals, nativeSymbol } = family.chain.info;
      const total = coins.reduce((sum, coin) => sum + coin.value, 0n);
      const locked = coins
        .filter((coin) => locks.has(coin.outpoint))
        .reduce((sum, coin) => sum + coin.value, 0n);
      // The wallet's asset list reads the balance cache: keep it current.
      await cacheBalance(ctx.db, wallet.id, 'native', total);
      return reply.ok({
        symbol: nativeSymbol,
        balance: formatUnits(total, nativeDecimals),
        balance_sat: total.toString(),
        locked_sat: locked.toString(),
        available_sat: (total - locked).toString(),
        list: coins.map((coin) => {
          const [txid = '', vout = '0'] = coin.outpoint.split(':');
          return {
            outpoint: coin.outpoint,
            txid,
            vout: Number(vout),
            value: formatUnits(coin.value, nativeDecimals),
            value_sat: coin.value.toString(),
            address: coin.address,
            branch: coin.branch,
            index: coin.index,
            confirmations: coin.confirmations,
            locked: locks.has(coin.outpoint),
            task_id: locks.get(coin.outpoint) ?? null,
          };
        }),
      });
    },
  );
}
