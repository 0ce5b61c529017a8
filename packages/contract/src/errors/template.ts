import type { Language } from '../languages';
import { ERROR_REASONS, type ErrorReason } from './reasons';
import { RESOURCE_NAMES, type ResourceName } from './resources';
import type { ErrorParams } from './types';

/** Placeholders a template may hold, e.g. {field}, {resource}, {param}, {max}. */
export const PLACEHOLDER_PATTERN = /\{(\w+)\}/g;

/** The placeholder names used in a template, sorted and without repeats. */
export function placeholdersOf(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER_PATTERN)].map((match) => match[1] ?? ''))].sort();
}

/**
 * Fills a template. `{resource}` values that name a §8 resource and `{reason}` keys of
 * ERROR_REASONS are translated; unknown
 * placeholders are left visible on purpose so a missing value is noticed.
 */
export function fillTemplate(template: string, language: Language, params: ErrorParams = {}): string {
  return template.replace(PLACEHOLDER_PATTERN, (whole, key: string) => {
    const value = params[key];
    if (value === undefined) return whole;
    if (key === 'resource' && typeof value === 'string' && Object.hasOwn(RESOURCE_NAMES, value)) {
      return RESOURCE_NAMES[value as ResourceName][language];
    }
    if (key === 'reason' && typeof value === 'string' && Object.hasOwn(ERROR_REASONS, value)) {
      return ERROR_REASONS[value as ErrorReason][language];
    }
    return String(value);
  });
}
