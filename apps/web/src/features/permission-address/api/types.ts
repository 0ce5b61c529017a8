/** GET /permission-address as the contract declares it. */
export type { SignerAddress, SignerAddressList } from '@keystead/contract/api/wallet-replies';
