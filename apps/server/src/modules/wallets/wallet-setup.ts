import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { createMultiWalletBody, importSingleBody } from '@keystead/contract';
import type { FamilyAdapter, PreparedSetup } from '@keystead/chains';
import type { AppContext } from '../../context';
import type { Database, Wallet } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { consumeChallenge, issueChallenge } from '../signers/challenge.service';
import { family as familyWork } from '../transfers/transfer-family';
import { walletSponsor } from '../fee-payers/fee-payer-keys';
import { timelockRecoverySetup } from '../recovery/timelock-recovery-setup';
import { insertWalletPeople } from './wallet-people';
import {
  addWalletOperator,
  findLiveWalletAt,
  insertWalletCreationTask,
  insertWalletRow,
  lockSpaceWallets,
  memberSignerKeys,
  setWalletStatus,
  walletCreationData,
} from './wallet-repository';
import {
  assertWalletAllowed,
  checkMultisigInput,
  familyAddressType,
  type CheckedSigner,
} from './wallet-rules';
import { SignType, TaskStatus, WalletStatus } from './wallet-status';

type MultiInput = z.infer<typeof createMultiWalletBody>;
type SingleInput = z.infer<typeof importSingleBody>;

/** No live wallet of any space is at this address already. */
async function assertAddressFree(
  trx: Kysely<Database>,
  organizationId: number,
  chainKey: string,
  address: string,
  caseInsensitive: boolean,
): Promise<void> {
  const used = await findLiveWalletAt(trx, chainKey, address, caseInsensitive);
  if (used)
    throw new AppError(
      used.organization_id === organizationId ? 'WALLET_EXISTS_ERROR' : 'WALLET_ADDRESS_IN_OTHER_SPACE_ERROR',
    );
}

/** Keys of any family compared by value (an address, or an xpub with its origin). */
function keyId(key: unknown): string {
  if (typeof key === 'string') return key;
  return JSON.stringify(Object.entries(key as object).sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** The family's key of every checked signer; a key of another family or chain is refused. */
function familyKeys(family: FamilyAdapter, signers: CheckedSigner[]): unknown[] {
  return signers.map((signer) => {
    const key = family.signerKey(signer.record);
    if (key === null) throw new AppError('PARAMS_INVALID_ERROR', { field: 'signers' });
    return key;
  });
}

export interface CreatedWallet {
  wallet: Wallet;
  setup: PreparedSetup;
}

/**
 * Creates an m-of-n wallet of any family from members' verified signer keys — or, with
 * `imported`, from a descriptor an outside tool exported (its keys that members hold sign
 * here). What must happen on chain before use (a Safe deployment) becomes the wallet's creation
 * task; a wallet that needs nothing is usable at once.
 */
export async function createMultisigWallet(
  ctx: AppContext,
  actor: CommandContext,
  body: Omit<MultiInput, 'signers' | 'threshold'> & Partial<Pick<MultiInput, 'signers' | 'threshold'>>,
  imported?: { descriptor: string },
): Promise<CreatedWallet> {
  const { organization, user } = actor;
  const family = ctx.chains.family(body.chain_key);
  // A sender-signs family has no automatic broadcast: a broadcaster's account must sign it.
  if (family.capabilities.broadcast === 'sender-signs' && body.broadcast_scope === 1)
    throw new AppError('EVM_MANUAL_BROADCAST_ONLY_ERROR');
  if (imported && !family.importSetup) throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
  const fromText = imported ? await familyWork(() => family.importSetup!(imported.descriptor)) : null;
  const saltNonce = BigInt(`0x${randomBytes(8).toString('hex')}`);
  return ctx.db.transaction().execute(async (trx) => {
    await lockSpaceWallets(trx, organization.id);
    await assertWalletAllowed(trx, organization, family.chain.info, SignType.Multi);
    const signerIds = fromText
      ? await memberSignerIds(trx, family, organization.id, fromText.keys)
      : (body.signers ?? []);
    const threshold = fromText?.threshold ?? body.threshold ?? 0;
    const signers = await checkMultisigInput(trx, organization.id, {
      ...body,
      signers: signerIds,
      threshold,
    });
    const keys = fromText?.keys ?? familyKeys(family, signers);
    const weighted = weightedSetup(family, body, signers);
    // Solana: the space's fee payer creates the wallet and pays its fees.
    const sponsor = family.sponsoredSetup
      ? { sponsor: await walletSponsor(ctx, trx, organization.id, saltNonce.toString()) }
      : {};
    const recovery = await timelockRecoverySetup(trx, family, organization.id, body.recovery);
    const setup = await familyWork(() =>
      family.prepareSetup({
        keys,
        threshold,
        nonce: saltNonce,
        ...weighted,
        ...sponsor,
        ...(recovery ? { timelockRecovery: recovery } : {}),
      }),
    );
    // Tron: the account is activated and handed over before use; Safe: deployed; Solana: created
    // by the fee payer; Bitcoin: ready.
    const status = family.setupTransaction
      ? WalletStatus.TrxNeededForActivation
      : family.sponsoredSetup
        ? WalletStatus.AwaitingCreation
        : setup.onChain
          ? WalletStatus.Initializing
          : WalletStatus.Normal;
    await assertAddressFree(trx, organization.id, body.chain_key, setup.address, false);
    const wallet = await insertWalletRow(trx, {
      organization_id: organization.id,
      chain_key: body.chain_key,
      sign_type: SignType.Multi,
      name: body.name,
      remark: body.remark ?? null,
      address: setup.address,
      status,
      threshold,
      approval_threshold: body.approval_threshold,
      broadcast_scope: body.broadcast_scope,
      created_by: user.id,
      family_address_type: familyAddressType(organization, body.family_address_type),
      ...(setup.onChain || family.sponsoredSetup ? { salt_nonce: saltNonce.toString() } : {}),
      ...(setup.descriptors
        ? {
            utxo_keys: JSON.stringify(setup.keys),
            descriptor_receive: setup.descriptors.receive,
            descriptor_change: setup.descriptors.change,
            // Receive index 0 is the wallet's address: the next deposit address is 1.
            next_receive_index: 1,
          }
        : {}),
      ...(setup.walletKeys ? { utxo_keys: JSON.stringify(setup.walletKeys) } : {}),
      ...(recovery ? { timelock_recovery: JSON.stringify(recovery) } : {}),
    });
    await insertWalletPeople(
      trx,
      wallet.id,
      body,
      signers.map((s, i) => ({ ...s, weight: weighted.weights?.[i] ?? 1 })),
    );
    if (status !== WalletStatus.Normal)
      await insertWalletCreationTask(trx, {
        organizationId: organization.id,
        walletId: wallet.id,
        status: TaskStatus.PendingBroadcast,
        createdBy: user.id,
        data: {
          owners: setup.keys,
          threshold,
          salt_nonce: saltNonce.toString(),
          chain_key: body.chain_key,
          ...weighted,
          ...(setup.account ? { account: setup.account } : {}),
        },
      });
    await writeAudit(trx, {
      organizationId: organization.id,
      userId: user.id,
      type: 'wallet',
      operation: imported ? 'import_multi' : 'create_multi',
      ip: actor.ip,
      content: {
        wallet_id: wallet.id,
        name: body.name,
        chain: body.chain_key,
        threshold,
        ...(setup.descriptors ? { descriptor: setup.descriptors.receive } : { owners: setup.keys }),
        ...(recovery
          ? { recovery_blocks: recovery.blocks, recovery_fingerprint: recovery.key.fingerprint }
          : {}),
      },
    });
    return { wallet, setup };
  });
}

/**
 * Weights (by the order of the family's keys) and the account of a weighted family's wallet
 * (Tron); refused on families without weights.
 */
function weightedSetup(
  family: FamilyAdapter,
  body: Pick<MultiInput, 'weights' | 'account_address'> & { signers?: number[] },
  signers: CheckedSigner[],
): { weights?: number[]; account?: string } {
  if (!family.keyWeights) {
    if (body.weights || body.account_address)
      throw new AppError('PARAMS_INVALID_ERROR', { field: 'weights' });
    return {};
  }
  if (!body.account_address) throw new AppError('PARAMS_REQUIRED_ERROR', { field: 'account_address' });
  const weightOf = new Map((body.signers ?? []).map((id, i) => [id, body.weights?.[i] ?? 1]));
  return { weights: signers.map((s) => weightOf.get(s.signerAddressId) ?? 1), account: body.account_address };
}

/** The descriptor's keys that joined members hold as verified signer keys, as signer-address ids. */
async function memberSignerIds(
  trx: Kysely<Database>,
  family: FamilyAdapter,
  organizationId: number,
  keys: unknown[],
): Promise<number[]> {
  const rows = await memberSignerKeys(trx, organizationId, family.chain.info.key);
  const wanted = new Set(keys.map(keyId));
  return rows
    .filter((row) => {
      const key = family.signerKey({
        family: row.family,
        chainKey: row.chain_key ?? '',
        address: row.address,
        fingerprint: row.fingerprint,
        derivationPath: row.derivation_path,
      });
      return key !== null && wanted.has(keyId(key));
    })
    .map((row) => row.id);
}

/** Imports an outside single-key address; the importer proves control by signing the challenge next. */
export async function importSingleWallet(ctx: AppContext, actor: CommandContext, body: SingleInput) {
  const { organization, user } = actor;
  const family = ctx.chains.family(body.chain_key);
  if (!family.singleKey) throw new AppError('WALLET_CHAIN_UNSUPPORTED_ERROR');
  const address = await familyWork(() => family.singleKey!.address(body.address));
  return ctx.db.transaction().execute(async (trx) => {
    await lockSpaceWallets(trx, organization.id);
    await assertAddressFree(trx, organization.id, body.chain_key, address, true);
    await assertWalletAllowed(trx, organization, family.chain.info, SignType.Single);
    const wallet = await insertWalletRow(trx, {
      organization_id: organization.id,
      chain_key: body.chain_key,
      sign_type: SignType.Single,
      name: body.name,
      remark: body.remark ?? null,
      address,
      status: WalletStatus.AwaitingVerification,
      threshold: 1,
      created_by: user.id,
      family_address_type: familyAddressType(organization, body.family_address_type),
    });
    await addWalletOperator(trx, wallet.id, user.id);
    const challenge = await issueChallenge(trx, {
      userId: user.id,
      email: user.email,
      purpose: 'wallet_import',
      subjectId: wallet.id,
      address,
    });
    await writeAudit(trx, {
      organizationId: organization.id,
      userId: user.id,
      type: 'wallet',
      operation: 'import_single',
      ip: actor.ip,
      content: { wallet_id: wallet.id, address, chain: body.chain_key },
    });
    return { wallet, challenge };
  });
}

/** The imported address signed the challenge: the wallet becomes usable. */
export async function verifySingleWallet(
  ctx: AppContext,
  actor: CommandContext,
  wallet: Wallet,
  challenge: { id: number; message: string },
  signature: string,
): Promise<void> {
  const family = ctx.chains.family(wallet.chain_key);
  const valid =
    !!wallet.address &&
    !!family.singleKey &&
    (await family.singleKey.verifyOwnership(wallet.address, challenge.message, signature));
  if (!valid) throw new AppError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
  await ctx.db.transaction().execute(async (trx) => {
    await consumeChallenge(trx, challenge.id);
    await setWalletStatus(trx, wallet.id, WalletStatus.Normal);
    await writeAudit(trx, {
      organizationId: wallet.organization_id,
      userId: actor.user.id,
      type: 'wallet',
      operation: 'verify_single',
      ip: actor.ip,
      content: { wallet_id: wallet.id },
    });
  });
}

/**
 * An initializing wallet's setup recomputed from what its creation stored (owners, threshold,
 * salt): the same transaction every time, and it must still predict the wallet's address.
 */
export async function storedSetup(
  ctx: AppContext,
  wallet: Wallet,
  statuses: readonly number[] = [WalletStatus.Initializing],
): Promise<PreparedSetup> {
  if (wallet.sign_type !== SignType.Multi || !statuses.includes(wallet.status))
    throw new AppError('WALLET_STATUS_ERROR');
  const data = (await walletCreationData(ctx.db, wallet.id)) as {
    owners: unknown[];
    threshold: number;
    salt_nonce: string;
    weights?: number[];
    account?: string;
  };
  const family = ctx.chains.family(wallet.chain_key);
  const sponsored = Boolean(family.sponsoredSetup);
  const sponsor = sponsored
    ? { sponsor: await walletSponsor(ctx, ctx.db, wallet.organization_id, data.salt_nonce) }
    : {};
  const setup = await familyWork(() =>
    family.prepareSetup({
      keys: data.owners,
      threshold: data.threshold,
      nonce: BigInt(data.salt_nonce),
      ...(data.weights ? { weights: data.weights } : {}),
      ...(data.account && !sponsored ? { account: data.account } : {}),
      ...sponsor,
    }),
  );
  const handedOver = Boolean(family.setupTransaction) || sponsored;
  if ((!setup.onChain && !handedOver) || setup.address.toLowerCase() !== wallet.address?.toLowerCase())
    throw new AppError('WALLET_CREATE_ERROR');
  return setup;
}
