import { DEFAULT_LANGUAGE, type Language } from '../languages';
import { coreErrors } from './catalogue/core';
import { RESOURCE_NAMES, type ResourceName } from './resources';
import type { ErrorDefinition, ErrorParams } from './types';

export type { ErrorDefinition, ErrorParams, TitleKind } from './types';
export { RESOURCE_NAMES, type ResourceName } from './resources';

/** The whole error catalogue of spec §8, keyed by the wire code sent in `code`. */
export const ERRORS = {
  ...coreErrors,
} as const satisfies Record<string, ErrorDefinition>;

export type ErrorCode = keyof typeof ERRORS;

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(ERRORS, value);
}

/** Fills a code's template in the given language; unknown placeholders are left visible on purpose. */
export function formatErrorMessage(code: ErrorCode, language: Language, params: ErrorParams = {}): string {
  const definition: ErrorDefinition = ERRORS[code];
  const template = definition.messages[language] ?? definition.messages[DEFAULT_LANGUAGE];
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => {
    const value = params[key];
    if (value === undefined) return whole;
    if (key === 'resource' && typeof value === 'string' && value in RESOURCE_NAMES) {
      return RESOURCE_NAMES[value as ResourceName][language];
    }
    return String(value);
  });
}
