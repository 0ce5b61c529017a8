/** What other parts of the app may use from the wallet feature. */
export { ConnectSigner, type SignerConnection } from './components/connect-signer';
export { EmailCodeField } from './components/email-code-field';
export { AddressText, MONO, WalletStatusTag } from './components/wallet-bits';
export { useChains } from './api/list-chains';
export type { AssetLine } from './api/types';
