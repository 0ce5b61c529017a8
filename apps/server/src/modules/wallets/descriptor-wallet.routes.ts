import type { Kysely } from 'kysely';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  deriveAddress,
  satsToCoins,
  walletFromDescriptor,
  type MultisigWallet,
  type PreparedSetup,
  type SignerKey,
} from '@keystead/chains';
import {
  createMultiWalletBody,
  walletIdBody,
  walletIdQuery,
  walletBaseReply,
  descriptorExportReply,
  receiveAddressReply,
  walletUtxosReply,
} from '@keystead/contract';
import { replies } from '../../lib/replies';
import type { AppInstance } from '../../app';
import type { AppContext } from '../../context';
import type { Database } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { requireSpace } from '../../plugins/access';
import { inSpace } from '../../plugins/access-rules';
import { requireUser } from '../../plugins/session';
import { writeAudit } from '../audit/audit.service';
import { loadWallet } from './wallet-access';
import { presentDescriptor, presentWallet } from './wallet-presenter';
import { assertWalletAllowed, checkMultisigInput } from './wallet-rules';
import { SignType, WalletStatus } from './wallet-status';
import {
  cacheBalance,
  findLiveWalletAt,
  insertWalletRow,
  lockSpaceWallets,
  memberBitcoinKeys,
  signerRowsById,
  takeReceiveIndex,
} from './wallet-repository';
import { mapped, requireUtxoChain } from '../chains/bitcoin-errors';
import { lockedInputs } from '../transfers/transfer-repository';
import { insertWalletPeople } from './wallet-people';
import { multisigOf, scanCounts } from './descriptor-wallet';

const tags = ['wallet'];
type MultiInput = z.infer<typeof createMultiWalletBody>;

export const importDescriptorBody = createMultiWalletBody.omit({ signers: true, threshold: true }).extend({
  /** wsh(sortedmulti(…)) (BTC/LTC) or sh(sortedmulti(…)) (BCH) with [fingerprint/path]xpub/0/* (or /<0;1>/*) keys. */
  descriptor: z.string().trim().min(10).max(20_000),
});

/** Signer keys of the input: BTC-family keys of this chain (checkMultisigInput did membership and verification). */
async function signerKeysOf(trx: Kysely<Database>, ids: number[], chain: string) {
  const rows = await signerRowsById(trx, ids);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.map((id) => {
    const row = byId.get(id)!;
    if (row.family !== 'BTC' || row.chain_key !== chain || !row.fingerprint || !row.derivation_path)
      throw new AppError('PARAMS_INVALID_ERROR', { field: 'signers' });
    return {
      row,
      key: { xpub: row.address, fingerprint: row.fingerprint, path: row.derivation_path } satisfies SignerKey,
    };
  });
}

async function insertWallet(
  ctx: AppContext,
  trx: Kysely<Database>,
  request: FastifyRequest,
  body: Omit<MultiInput, 'signers' | 'threshold'>,
  multisig: MultisigWallet,
  setup: PreparedSetup,
  signers: Array<{ signerAddressId: number; userId: number; address: string }>,
  operation: string,
) {
  const { organization } = requireSpace(request);
  const { user } = requireUser(request);
  // Nothing happens on chain: the family derives the address and descriptors from the keys.
  const descriptors = setup.descriptors;
  if (!descriptors) throw new AppError('WALLET_CREATE_ERROR');
  const first = setup.address;
  const used = await findLiveWalletAt(trx, multisig.chain, first, false);
  if (used)
    throw new AppError(
      used.organization_id === organization.id
        ? 'WALLET_EXISTS_ERROR'
        : 'WALLET_ADDRESS_IN_OTHER_SPACE_ERROR',
    );
  const wallet = await insertWalletRow(trx, {
    organization_id: organization.id,
    chain_key: multisig.chain,
    sign_type: SignType.Multi,
    name: body.name,
    remark: body.remark ?? null,
    address: first,
    // No deployment: a descriptor wallet exists as soon as its keys are known.
    status: WalletStatus.Normal,
    threshold: multisig.threshold,
    approval_threshold: body.approval_threshold,
    broadcast_scope: body.broadcast_scope,
    created_by: user.id,
    utxo_keys: JSON.stringify(multisig.keys),
    descriptor_receive: descriptors.receive,
    descriptor_change: descriptors.change,
    // Receive index 0 is the wallet's address: the next deposit address is 1.
    next_receive_index: 1,
  });
  await insertWalletPeople(trx, wallet.id, body, signers);
  await writeAudit(trx, {
    organizationId: organization.id,
    userId: user.id,
    type: 'wallet',
    operation,
    ip: request.ip,
    content: {
      wallet_id: wallet.id,
      name: body.name,
      chain: multisig.chain,
      threshold: multisig.threshold,
      descriptor: descriptors.receive,
    },
  });
  return { wallet, descriptors };
}

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
      const { organization } = requireSpace(request);
      const body = request.body;
      const chain = requireUtxoChain(ctx, body.chain_key);
      const created = await ctx.db.transaction().execute(async (trx) => {
        await lockSpaceWallets(trx, organization.id);
        await assertWalletAllowed(trx, organization, ctx.chains.chainInfo(chain), SignType.Multi);
        const signers = await checkMultisigInput(trx, organization.id, body);
        const keys = await signerKeysOf(
          trx,
          signers.map((s) => s.signerAddressId),
          chain,
        );
        const multisig = { chain, threshold: body.threshold, keys: keys.map((k) => k.key) };
        const setup = await mapped(
          () => ctx.chains.family(chain).prepareSetup({ keys: multisig.keys, threshold: multisig.threshold }),
          'signers',
        );
        return insertWallet(ctx, trx, request, body, multisig, setup, signers, 'create_multi');
      });
      return reply.ok({ ...presentWallet(created.wallet), descriptor: created.descriptors });
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
      const { organization } = requireSpace(request);
      const body = request.body;
      const chain = requireUtxoChain(ctx, body.chain_key);
      const multisig = await mapped(() => walletFromDescriptor(body.descriptor, chain), 'descriptor');
      const created = await ctx.db.transaction().execute(async (trx) => {
        await lockSpaceWallets(trx, organization.id);
        await assertWalletAllowed(trx, organization, ctx.chains.chainInfo(chain), SignType.Multi);
        // The descriptor's keys that belong to members (verified, this chain): they can sign here.
        const matches = await memberBitcoinKeys(
          trx,
          organization.id,
          chain,
          multisig.keys.map((k) => k.xpub),
        );
        const signerIds: number[] = [];
        for (const key of multisig.keys) {
          const match = matches.find(
            (m) =>
              m.address === key.xpub && m.fingerprint === key.fingerprint && m.derivation_path === key.path,
          );
          if (match) signerIds.push(match.id);
        }
        const signers = await checkMultisigInput(trx, organization.id, {
          ...body,
          signers: signerIds,
          threshold: multisig.threshold,
        });
        const setup = await mapped(
          () => ctx.chains.family(chain).prepareSetup({ keys: multisig.keys, threshold: multisig.threshold }),
          'descriptor',
        );
        return insertWallet(ctx, trx, request, body, multisig, setup, signers, 'import_multi');
      });
      return reply.ok({ ...presentWallet(created.wallet), descriptor: created.descriptors });
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
      return reply.ok({
        chain_id: wallet.chain_key,
        threshold: multisig.threshold,
        keys: multisig.keys,
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
      if (!wallet.descriptor_receive) throw new AppError('WALLET_NOT_FOUND_ERROR');
      const multisig = multisigOf(wallet);
      const index = await takeReceiveIndex(ctx.db, wallet.id);
      const derived = deriveAddress(multisig, 0, index);
      return reply.ok({ address: derived.address, index, path: `0/${index}` });
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
      if (!wallet.descriptor_receive) throw new AppError('WALLET_NOT_FOUND_ERROR');
      const multisig = multisigOf(wallet);
      const adapter = ctx.chains.utxoChain(wallet.chain_key);
      const [utxos, locks] = await Promise.all([
        mapped(() => adapter.listUtxos(multisig, scanCounts(wallet))),
        lockedInputs(ctx.db, wallet.id),
      ]);
      const total = utxos.reduce((s, u) => s + u.value, 0n);
      const locked = utxos.filter((u) => locks.has(`${u.txid}:${u.vout}`)).reduce((s, u) => s + u.value, 0n);
      // The wallet's asset list reads the balance cache: keep it current.
      await cacheBalance(ctx.db, wallet.id, 'native', total);
      return reply.ok({
        symbol: adapter.info.nativeSymbol,
        balance: satsToCoins(total),
        balance_sat: total.toString(),
        locked_sat: locked.toString(),
        available_sat: (total - locked).toString(),
        list: utxos.map((u) => ({
          outpoint: `${u.txid}:${u.vout}`,
          txid: u.txid,
          vout: u.vout,
          value: satsToCoins(u.value),
          value_sat: u.value.toString(),
          address: deriveAddress(multisig, u.branch, u.index).address,
          branch: u.branch,
          index: u.index,
          confirmations: u.confirmations ?? 0,
          locked: locks.has(`${u.txid}:${u.vout}`),
          task_id: locks.get(`${u.txid}:${u.vout}`) ?? null,
        })),
      });
    },
  );

  /** Fee rates now, sat/vB (slow 12 blocks, standard 6, fast 2; the relay floor on a quiet node). */
}
