/** What other parts of the app may use from the wallet feature. */
export { ConnectSigner, type SignerConnection } from './components/connect-signer';
export { TronLinkConnect } from './components/tron-link-connect';
export { EmailCodeField } from './components/email-code-field';
export { AddressText, MONO, WalletStatusTag, formatAmount, formatUsd } from './components/wallet-bits';
export { WalletTabs } from './components/wallet-tabs';
export { PeopleSelect, useJoinedMembers } from './components/create/people-select';
export { useChainFamily, useChains } from './api/list-chains';
export { useWallets } from './api/list-wallets';
export { useSimpleWallets, type PickerWallet } from './api/simple-wallets';
export { useWalletBaseInfo } from './api/get-wallet-base-info';
export { FAMILY_KEY, isWeightedFamily, useSignerWeights, type WeightedFamily } from './api/account-setup';
export { fetchWalletAssets, useWalletAssets } from './api/get-wallet-assets';
export { useWalletUtxos, type WalletUtxo, type WalletUtxos } from './api/get-wallet-utxos';
export { isUtxoWallet, personName, WALLET_QUERY_KEY } from './wallet-people';
export type { AssetLine, WalletDetail, WalletListItem } from './api/types';
