/** GET /permission-address as the contract declares it. */
export type { SignerAddress, SignerAddressList } from '@keystead/contract/api/wallet-replies';
/** GET /permission-address/protocol. */
export type { SigningProtocols } from '@keystead/contract/api/progress';
