/** What other parts of the app may use from the signer-address feature. */
export { useSignerAddresses } from './api/list-signer-addresses';
export { SIGNER_STATUS } from './signer-status';
export type { SignerAddress } from './api/types';
