import { DEFAULT_LANGUAGE, type Language } from '../languages';
import { authenticationErrors, rateLimitErrors } from './catalogue/authentication';
import { coreErrors } from './catalogue/core';
import { dappErrors } from './catalogue/dapp';
import { exchangeErrors } from './catalogue/exchange';
import { limitErrors } from './catalogue/limits';
import { notFoundErrors } from './catalogue/not-found';
import { parameterErrors } from './catalogue/parameters';
import { permissionErrors } from './catalogue/permission';
import { generalErrors, registrationErrors } from './catalogue/registration';
import { riskControlErrors } from './catalogue/risk-control';
import { serviceErrors } from './catalogue/service';
import { signingErrors } from './catalogue/signing';
import { taskErrors } from './catalogue/task';
import { transferErrors } from './catalogue/transfer';
import { transferPolicyErrors } from './catalogue/transfer-policy';
import { vipPaymentErrors } from './catalogue/vip-payment';
import { walletErrors } from './catalogue/wallet';
import { fillTemplate } from './template';
import type { ErrorDefinition, ErrorParams } from './types';

export type { ErrorDefinition, ErrorParams, TitleKind } from './types';
export { RESOURCE_NAMES, type ResourceName } from './resources';
export { ERROR_REASONS, isErrorReason, type ErrorReason } from './reasons';
export { fillTemplate, placeholdersOf } from './template';

/** The catalogue split by the §8 groups; a code belongs to exactly one group. */
export const ERROR_GROUPS = {
  core: coreErrors,
  authentication: authenticationErrors,
  rateLimit: rateLimitErrors,
  permission: permissionErrors,
  notFound: notFoundErrors,
  registration: registrationErrors,
  general: generalErrors,
  parameters: parameterErrors,
  wallet: walletErrors,
  transfer: transferErrors,
  task: taskErrors,
  signing: signingErrors,
  dapp: dappErrors,
  vipPayment: vipPaymentErrors,
  exchange: exchangeErrors,
  riskControl: riskControlErrors,
  transferPolicy: transferPolicyErrors,
  limits: limitErrors,
  service: serviceErrors,
} as const satisfies Record<string, Record<string, ErrorDefinition>>;

export type ErrorGroup = keyof typeof ERROR_GROUPS;

/** The whole error catalogue of spec §8, keyed by the wire code sent in `code`. */
export const ERRORS = {
  ...coreErrors,
  ...authenticationErrors,
  ...rateLimitErrors,
  ...permissionErrors,
  ...notFoundErrors,
  ...registrationErrors,
  ...generalErrors,
  ...parameterErrors,
  ...walletErrors,
  ...transferErrors,
  ...taskErrors,
  ...signingErrors,
  ...dappErrors,
  ...vipPaymentErrors,
  ...exchangeErrors,
  ...riskControlErrors,
  ...transferPolicyErrors,
  ...limitErrors,
  ...serviceErrors,
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;

/**
 * Names the spec uses for an error whose wire code differs (§4, §8). Everything else the spec
 * names travels under its own name.
 */
export const SPEC_ERROR_ALIASES = {
  AUTHENTICATION_ERROR: 'UCS_USER_AUTHENTICATION',
  PASSWORD_MISTAKE_ERROR: 'UCS_USER_PASSWORD_MISTAKE',
} as const satisfies Record<string, ErrorCode>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERRORS, value);
}

/** Fills a code's template in the given language; unknown placeholders are left visible on purpose. */
export function formatErrorMessage(code: ErrorCode, language: Language, params: ErrorParams = {}): string {
  const definition: ErrorDefinition = ERRORS[code];
  const template = definition.messages[language] ?? definition.messages[DEFAULT_LANGUAGE];
  return fillTemplate(template, language, params);
}
