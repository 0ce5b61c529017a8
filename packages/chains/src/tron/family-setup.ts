import { accountSignerKeys } from '../account-family';
import { FamilyError, type FamilyAdapter, type PreparedSetup } from '../family';
import type { TronAdapter } from './adapter';
import { fromNode } from './node-errors';
import { isTronAddress, tronBase58, tronHex } from './address';
import {
  ACTIVE_PERMISSION_ID,
  MAX_PERMISSION_KEYS,
  operationsBitmap,
  ACTIVE_OPERATIONS,
  samePermission,
  walletPermissions,
  type WeightedKey,
} from './permissions';
import {
  parseTronTransaction,
  permissionUpdateContract,
  recoverTronSigner,
  referenceOf,
  tronTransaction,
  type TronTransaction,
} from './transaction';

/** What a Tron wallet stores: the account and the weighted keys of its owner and active permissions. */
export interface TronWalletKeys {
  account: string;
  signers: WeightedKey[];
  threshold: number;
}

/** The permission update must reach the chain within this time of being built (TaPoS expiry). */
const SETUP_LIFETIME_MS = 60 * 60 * 1000;
/** Room for the update's own bytes when they are not covered by free bandwidth (sun). */
const BANDWIDTH_ROOM = 1_000_000n;

export const tronKeysOf = (keys: unknown): TronWalletKeys => keys as TronWalletKeys;

/** What the account must hold before its permission update: the chain's update fee and bandwidth. */
export async function setupRequired(chain: TronAdapter): Promise<bigint> {
  const params = await chain.chainParameters();
  return BigInt(params.getUpdateAccountPermissionFee ?? 0) + BANDWIDTH_ROOM;
}

function checkedKeys(keys: unknown[], weights: number[] | undefined, threshold: number): WeightedKey[] {
  if (keys.length === 0) throw new FamilyError('THRESHOLD_MISMATCH_ERROR');
  if (keys.length > MAX_PERMISSION_KEYS) throw new FamilyError('TRON_PERMISSION_KEYS_ERROR');
  const addresses = keys.map((k) => String(k));
  if (addresses.some((a) => !isTronAddress(a))) throw new FamilyError('WALLET_ADDRESS_FORMAT_ERROR');
  if (new Set(addresses).size !== addresses.length)
    throw new FamilyError('PARAMS_INVALID_ERROR', { field: 'signers' });
  const given = weights ?? addresses.map(() => 1);
  if (given.length !== addresses.length || given.some((w) => !Number.isInteger(w) || w < 1))
    throw new FamilyError('PARAMS_INVALID_ERROR', { field: 'weights' });
  if (!Number.isInteger(threshold) || threshold < 1) throw new FamilyError('THRESHOLD_MISMATCH_ERROR');
  if (given.reduce((a, b) => a + b, 0) < threshold) throw new FamilyError('SIGNER_WEIGHT_THRESHOLD_ERROR');
  return addresses.map((address, i) => ({ address, weight: given[i]! }));
}

const setupKeys = (setup: PreparedSetup): TronWalletKeys => tronKeysOf(setup.walletKeys);

/** The unsigned permission update that hands the account to the signers. */
export async function permissionUpdate(chain: TronAdapter, keys: TronWalletKeys): Promise<TronTransaction> {
  const { owner, active } = walletPermissions(keys.signers, keys.threshold);
  const head = await chain.headBlock();
  return tronTransaction(
    permissionUpdateContract(keys.account, owner, [active]),
    referenceOf(head, SETUP_LIFETIME_MS),
  );
}

/** Whether a signed transaction's contract is exactly the update to these keys (whatever its reference). */
function isTheUpdate(tx: TronTransaction, keys: TronWalletKeys): boolean {
  const contract = tx.raw_data.contract[0];
  if (tx.raw_data.contract.length !== 1 || contract.type !== 'AccountPermissionUpdateContract') return false;
  if ((contract.Permission_id ?? 0) !== 0) return false;
  const value = contract.parameter.value as {
    owner_address?: string;
    owner?: { threshold?: number; keys?: WeightedKey[] };
    actives?: { threshold?: number; operations?: string; keys?: WeightedKey[] }[];
    witness?: unknown;
  };
  const sameKeys = (p: { threshold?: number; keys?: WeightedKey[] } | undefined) =>
    samePermission(
      p && {
        threshold: Number(p.threshold),
        keys: (p.keys ?? []).map((k) => ({ address: tronBase58(k.address), weight: Number(k.weight) })),
      },
      keys.signers,
      keys.threshold,
    );
  return (
    tronHex(String(value.owner_address ?? '')) === tronHex(keys.account) &&
    value.witness === undefined &&
    sameKeys(value.owner) &&
    value.actives?.length === 1 &&
    sameKeys(value.actives[0]) &&
    String(value.actives[0]!.operations ?? '').toLowerCase() === operationsBitmap(ACTIVE_OPERATIONS)
  );
}

/**
 * Tron wallet setup: the wallet is an account whose first key a signer created in their own
 * wallet; once activated (it received TRX), that key signs the AccountPermissionUpdate giving
 * the owner and the active permission to the chosen signers with their weights and threshold.
 */
export function tronWalletSetup(
  chain: TronAdapter,
): Pick<
  FamilyAdapter,
  | 'prepareSetup'
  | 'confirmSetup'
  | 'setupTransaction'
  | 'checkSignedSetup'
  | 'signerKey'
  | 'signerKeyOf'
  | 'verifySignerProof'
  | 'singleKey'
> {
  return {
    async prepareSetup({ keys, threshold, weights, account }) {
      if (!account || !isTronAddress(account))
        throw new FamilyError('WALLET_ADDRESS_FORMAT_ERROR', { field: 'account_address' });
      const signers = checkedKeys(keys, weights, threshold);
      const walletKeys: TronWalletKeys = { account, signers, threshold };
      return {
        address: account,
        keys: signers.map((s) => s.address),
        onChain: null,
        descriptors: null,
        walletKeys,
      };
    },

    async setupTransaction(setup) {
      const keys = setupKeys(setup);
      const [tx, required] = await fromNode(() =>
        Promise.all([permissionUpdate(chain, keys), setupRequired(chain)]),
      );
      return { payload: JSON.stringify(tx), hash: tx.txID, required };
    },

    async checkSignedSetup(setup, raw) {
      const keys = setupKeys(setup);
      let tx: TronTransaction;
      try {
        tx = parseTronTransaction(raw);
      } catch {
        throw new FamilyError('PARAMS_INVALID_ERROR', { field: 'raw_tx' });
      }
      if (!isTheUpdate(tx, keys)) throw new FamilyError('TASK_DATA_CHANGED_ERROR');
      if (tx.raw_data.expiration <= Date.now()) throw new FamilyError('TRON_SIGN_TIMEOUT_ERROR');
      // Before the update the account's owner permission is its own key alone.
      if (tx.signature.length !== 1 || recoverTronSigner(tx.txID, tx.signature[0]!) !== keys.account)
        throw new FamilyError('SIGNATURE_SIGNER_NOT_MATCHED_ERROR');
      return { hash: tx.txID, from: keys.account };
    },

    async confirmSetup(address, expected) {
      const account = await chain.account(address);
      const keys = expected.owners.map((o, i) => ({ address: o, weight: expected.weights?.[i] ?? 1 }));
      const active = account.actives.find((a) => (a.id ?? ACTIVE_PERMISSION_ID) === ACTIVE_PERMISSION_ID);
      if (
        samePermission(account.owner, keys, expected.threshold) &&
        samePermission(active, keys, expected.threshold)
      )
        return 'ready';
      const untouched =
        !account.owner ||
        (account.owner.keys.length === 1 && tronBase58(account.owner.keys[0]!.address) === address);
      if (!untouched) return 'different';
      if (!account.exists || account.balance < (await setupRequired(chain))) return 'unfunded';
      return 'pending';
    },

    ...accountSignerKeys('TRX', chain, isTronAddress),

    singleKey: {
      async address(raw) {
        if (!isTronAddress(raw)) throw new FamilyError('WALLET_ADDRESS_FORMAT_ERROR');
        return raw;
      },
      verifyOwnership: (address, message, signature) => chain.verifyMessage(address, message, signature),
    },
  };
}
