/** Loaded on the first error only, so the catalogue stays out of the first screen's JavaScript. */
export { ERRORS } from '@keystead/contract/errors/index';
export { CLIENT_MESSAGES, formatClientMessage } from '@keystead/contract/errors/client-messages';
