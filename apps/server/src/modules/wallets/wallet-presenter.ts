import { timelockRecoveryOf } from '../transfers/transfer-family';
import type { Wallet } from '../../db/schema';
import type { ListedWallet } from './wallet-repository';
import { jsonColumn } from '../../lib/json-column';

export function shortAddress(address: string | null): string | null {
  return address ? `${address.slice(0, 6)}…${address.slice(-4)}` : null;
}

/** §3 wallet fields common to the list item and the detail. */
export function presentWallet(wallet: Omit<ListedWallet, 'roles' | 'signers' | 'value_usd'>) {
  return {
    wallet_id: wallet.id,
    organization_id: wallet.organization_id,
    chain_id: wallet.chain_key,
    name: wallet.name,
    remark: wallet.remark,
    address: wallet.address,
    address_short: shortAddress(wallet.address),
    sign_type: wallet.sign_type,
    status: wallet.status,
    threshold: wallet.threshold,
    approval_threshold: wallet.approval_threshold,
    broadcast_scope: wallet.broadcast_scope,
    is_open_white_list: wallet.whitelist_on,
    is_open_asset_tag: wallet.asset_tag_on,
    is_open_dapp: wallet.dapp_on,
    deploy_tx_hash: wallet.deploy_tx_hash,
    // Bitcoin family: the wallet's output descriptors (receive 0/*, change 1/*).
    descriptor: wallet.descriptor_receive
      ? { receive: wallet.descriptor_receive, change: wallet.descriptor_change }
      : null,
    squads: squadsOf(wallet.utxo_keys),
    family_address_type: wallet.family_address_type,
    recovery_blocks: timelockRecoveryOf(wallet)?.blocks ?? null,
    ctime: wallet.created_at.toISOString(),
  };
}

/** Solana wallets: the Squads multisig and the fee payer from the stored keys; null for others. */
function squadsOf(keys: unknown): { multisig: string; fee_payer: string } | null {
  const value = jsonColumn(keys) as {
    multisig?: unknown;
    feePayer?: unknown;
  } | null;
  return value && typeof value.multisig === 'string' && typeof value.feePayer === 'string'
    ? { multisig: value.multisig, fee_payer: value.feePayer }
    : null;
}

/** A descriptor wallet's two descriptors (receive, change), or null for other wallets. */
export function presentDescriptor(wallet: {
  descriptor_receive: string | null;
  descriptor_change: string | null;
}) {
  return wallet.descriptor_receive
    ? { receive: wallet.descriptor_receive, change: wallet.descriptor_change }
    : null;
}

/** A new multisig wallet with what must be sent before use (a Safe deployment) and its descriptors. */
export function presentCreatedWallet(
  wallet: Wallet,
  setup: {
    onChain: { to: string; data: string } | null;
    descriptors: { receive: string; change: string } | null;
  },
) {
  return {
    ...presentWallet(wallet),
    deployment: setup.onChain ? { to: setup.onChain.to, data: setup.onChain.data } : null,
    ...(setup.descriptors ? { descriptor: setup.descriptors } : {}),
  };
}
