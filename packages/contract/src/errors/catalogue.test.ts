import { describe, expect, it } from 'vitest';
import { SUPPORTED_LANGUAGES } from '../languages';
import {
  CLIENT_MESSAGES,
  formatClientMessage,
  HARDWARE_ERROR_MESSAGES,
  isClientMessageKey,
} from './client-messages';
import {
  ERROR_GROUPS,
  ERROR_REASONS,
  ERRORS,
  formatErrorMessage,
  isErrorCode,
  placeholdersOf,
  RESOURCE_NAMES,
  SPEC_ERROR_ALIASES,
  type ErrorDefinition,
} from './index';

const entries = Object.entries(ERRORS) as Array<[string, ErrorDefinition]>;
const TITLES = ['Alert', 'Error', 'Info', 'Notice'];

/** Codes §8 (and the brief built from it) names literally. */
const SPEC_NAMED_CODES = [
  'UCS_USER_AUTHENTICATION',
  'UCS_USER_PASSWORD_MISTAKE',
  'LOGIN_EXPIRED_ERROR',
  'ORG_AUTHENTICATION_ERROR',
  'GOOGLE_AUTHENTICATION_ERROR',
  'EMAIL_AUTHENTICATION_ERROR',
  'EMAIL_GOOGLE_AUTHENTICATION_ERROR',
  'AUTHENTICATION_CODE_ERROR',
  'CAPTCHA_REUSE_ERROR',
  'CAPTCHA_TOO_FREQUENT_ERROR',
  'CAPTCHA_REQUIRED_ERROR',
  'INVALID_EMAIL_ERROR',
  'EMAIL_EXISTS_ERROR',
  'INVITATION_CODE_ERROR',
  'INVITATION_CODE_USED_ERROR',
  'SECRET_EXPIRED_ERROR',
  'PASSWORD_VALIDATION_ERROR',
  'REGISTER_ERROR',
  'MEMBER_INVITE_ERROR',
  'ORG_JOIN_ERROR',
  'ORG_JOIN_USER_EXISTS_ERROR',
  'SERVER_UNKNOWN_ERROR',
  'RESET_PASSWORD_ERROR',
  'MFA_BIND_ERROR',
  'WALLET_CREATE_ERROR',
  'FEE_RATE_ERROR',
  'ORG_SWITCH_ERROR',
  'DATA_INSERT_ERROR',
  'DATA_UPDATE_ERROR',
  'DATA_DELETE_ERROR',
  'PARAMS_REQUIRED_ERROR',
  'PARAMS_NOT_ALLOWED_ERROR',
  'PARAMS_INVALID_ERROR',
  'RESOURCE_EXISTS_ERROR',
  'ADDRESS_VALIDATION_ERROR',
  'ADDRESS_RESOLUTION_ERROR',
  'WALLET_PERMISSION_ADDRESS_VALIDATION_ERROR',
  'AVATAR_FORMAT_ERROR',
  'CSV_PARSE_ERROR',
  'LANGUAGE_UNSUPPORTED_ERROR',
  'WALLET_EXISTS_ERROR',
  'WALLET_APPROVE_THRESHOLD_ERROR',
  'SIGNER_NOT_VERIFIED_ERROR',
  'SIGNER_NOT_IN_ORG_ERROR',
  'THRESHOLD_MISMATCH_ERROR',
  'TAPROOT_UNSUPPORTED_ERROR',
  'PERMISSION_INVITE_ERROR',
  'PERMISSION_WALLET_OPERATE_ERROR',
  'ORGANIZATION_NOT_FOUND_ERROR',
  'WALLET_NOT_FOUND_ERROR',
  'TRANSFER_BALANCE_INSUFFICIENT_ERROR',
  'TRANSFER_VOLUME_TOO_SMALL_ERROR',
  'TRANSFER_TOO_MANY_DECIMALS_ERROR',
  'TRANSFER_MAX_ADDRESSES_ERROR',
  'UTXO_SHORTAGE_ERROR',
  'RBF_FEE_RATE_TOO_LOW_ERROR',
  'SIGNATURE_DUPLICATE_ERROR',
  'SIGNATURE_INVALID_ERROR',
  'SIGNATURE_SIGNER_NOT_MATCHED_ERROR',
  'TASK_NOT_REVOCABLE_ERROR',
  'TASK_ALREADY_REVOKED_ERROR',
  'LIMIT_SPACES_ERROR',
  'LIMIT_WALLETS_ERROR',
  'LIMIT_MEMBERS_ERROR',
  'LIMIT_TRIAL_ERROR',
];

/** One permission code per §6 action, plus per-object update/delete (§8). */
const PERMISSION_CODES = [
  'INVITE',
  'CREATE',
  'DELETE',
  'UPDATE',
  'VIEW',
  'WALLET_OPERATE',
  'WALLET_DEPLOY',
  'SPACE_MANAGE',
  'CREATOR_TRANSFER',
  'REVOKE',
  'APPROVE',
  'BROADCAST',
  'VIP_EXTENSION',
  'ADDRESS_UPDATE',
  'ADDRESS_DELETE',
  'WALLET_UPDATE',
  'WALLET_DELETE',
  'TASK_UPDATE',
  'TASK_DELETE',
].map((action) => `PERMISSION_${action}_ERROR`);

describe('error catalogue', () => {
  it('has every code §8 names', () => {
    for (const code of [...SPEC_NAMED_CODES, ...PERMISSION_CODES]) expect(isErrorCode(code), code).toBe(true);
    for (const code of Object.values(SPEC_ERROR_ALIASES)) expect(isErrorCode(code)).toBe(true);
    for (const entity of ['ORGANIZATION', 'WALLET', 'ADDRESS', 'TASK', 'INVITATION', 'USER', 'SPACE']) {
      expect(ERRORS[`${entity}_NOT_FOUND_ERROR` as keyof typeof ERRORS].status).toBe(404);
    }
  });

  it('keeps the core codes the server already uses', () => {
    expect(ERRORS.UCS_USER_AUTHENTICATION.status).toBe(401);
    expect(ERRORS.UCS_USER_PASSWORD_MISTAKE.status).toBe(401);
    expect(ERRORS.CAPTCHA_TOO_FREQUENT_ERROR.status).toBe(429);
    expect(ERRORS.SERVER_UNKNOWN_ERROR.status).toBe(500);
  });

  it('has no wire code in two groups', () => {
    const seen = new Map<string, string>();
    for (const [group, codes] of Object.entries(ERROR_GROUPS)) {
      for (const code of Object.keys(codes)) {
        expect(seen.get(code), `${code} in ${group} and ${seen.get(code)}`).toBeUndefined();
        seen.set(code, group);
      }
    }
    expect(seen.size).toBe(entries.length);
  });

  it('uses UPPER_SNAKE wire codes', () => {
    for (const [code] of entries) expect(code).toMatch(/^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/);
  });

  it.each(entries)('%s has a status, a title and three real messages', (code, definition) => {
    expect(definition.status).toBeGreaterThanOrEqual(400);
    expect(definition.status).toBeLessThan(600);
    expect(TITLES).toContain(definition.title);
    for (const language of SUPPORTED_LANGUAGES) {
      const message = definition.messages[language];
      expect(message.trim().length, `${code} ${language}`).toBeGreaterThan(0);
      expect(message).not.toBe(code);
      expect(message).not.toMatch(/TODO|TBD|^\s*$/);
    }
    expect(definition.messages['zh-CN']).toMatch(/[\u4e00-\u9fff]/);
    expect(definition.messages['zh-HK']).toMatch(/[\u4e00-\u9fff]/);
    expect(definition.messages['en-US']).not.toMatch(/[\u4e00-\u9fff]/);
  });

  it.each(entries)('%s uses the same placeholders in every language', (_code, definition) => {
    const expected = placeholdersOf(definition.messages['en-US']);
    for (const language of SUPPORTED_LANGUAGES) {
      expect(placeholdersOf(definition.messages[language])).toEqual(expected);
    }
  });

  it('writes zh-HK differently from zh-CN for nearly every entry', () => {
    const same = entries.filter(([, d]) => d.messages['zh-CN'] === d.messages['zh-HK']).map(([code]) => code);
    expect(same.length / entries.length).toBeLessThan(0.05);
  });

  it('keeps statuses in line with the §8 groups', () => {
    const statuses = (group: keyof typeof ERROR_GROUPS) =>
      new Set(Object.values(ERROR_GROUPS[group] as Record<string, ErrorDefinition>).map((d) => d.status));
    expect(statuses('authentication')).toEqual(new Set([401]));
    expect(statuses('rateLimit')).toEqual(new Set([429]));
    expect(statuses('permission')).toEqual(new Set([403]));
    expect(statuses('notFound')).toEqual(new Set([404]));
    expect(statuses('service')).toEqual(new Set([500]));
    expect(statuses('limits')).toEqual(new Set([400]));
  });

  it('shows service codes as a service error or insufficient balance', () => {
    for (const [code, definition] of Object.entries(ERROR_GROUPS.service) as Array<
      [string, ErrorDefinition]
    >) {
      const expected = code.endsWith('INSUFFICIENT_BALANCE')
        ? 'Insufficient balance.'
        : 'Service error. Try again later.';
      expect(definition.messages['en-US']).toBe(expected);
    }
    expect(Object.keys(ERROR_GROUPS.service).some((code) => code.startsWith('WS_'))).toBe(true);
    expect(Object.keys(ERROR_GROUPS.service).some((code) => code.startsWith('ES_'))).toBe(true);
  });
});

describe('formatErrorMessage', () => {
  it('fills {field}', () => {
    expect(formatErrorMessage('PARAMS_REQUIRED_ERROR', 'en-US', { field: 'email' })).toBe(
      'email is required.',
    );
  });

  it('translates {resource} names', () => {
    expect(formatErrorMessage('RESOURCE_EXISTS_ERROR', 'en-US', { resource: 'wallet' })).toBe(
      'This wallet already exists.',
    );
    expect(formatErrorMessage('RESOURCE_EXISTS_ERROR', 'zh-CN', { resource: 'wallet' })).toBe(
      '该钱包已存在。',
    );
    expect(formatErrorMessage('RESOURCE_EXISTS_ERROR', 'zh-HK', { resource: 'organization' })).toBe(
      `該${RESOURCE_NAMES.organization['zh-HK']}已存在。`,
    );
    expect(formatErrorMessage('RESOURCE_EXISTS_ERROR', 'en-US', { resource: 'gadget' })).toBe(
      'This gadget already exists.',
    );
  });

  it('fills {max} and {param}', () => {
    expect(formatErrorMessage('TRANSFER_MAX_ADDRESSES_ERROR', 'en-US', { max: 500 })).toBe(
      'A batch transfer can have at most 500 recipient addresses.',
    );
    expect(formatErrorMessage('LIMIT_VIEWERS_ERROR', 'zh-HK', { max: 5 })).toBe('每個錢包最多 5 名檢視者。');
    expect(formatErrorMessage('CHAIN_ADDRESS_INVALID_ERROR', 'en-US', { param: 'Bitcoin' })).toBe(
      'This is not a valid Bitcoin address.',
    );
  });

  it('words {reason} keys in the language', () => {
    expect(formatErrorMessage('SIGNER_KEY_INVALID_ERROR', 'zh-HK', { reason: 'xpub_checksum' })).toBe(
      `此簽名密鑰無法使用：${ERROR_REASONS.xpub_checksum['zh-HK']}`,
    );
    expect(formatErrorMessage('DESCRIPTOR_INVALID_ERROR', 'en-US', { reason: 'descriptor_checksum' })).toBe(
      `This wallet descriptor cannot be used: ${ERROR_REASONS.descriptor_checksum['en-US']}`,
    );
    for (const [reason, words] of Object.entries(ERROR_REASONS)) {
      for (const language of SUPPORTED_LANGUAGES) expect(words[language].trim(), reason).not.toBe('');
      expect(words['zh-CN']).not.toBe(words['zh-HK']);
    }
  });

  it('leaves a missing value visible', () => {
    expect(formatErrorMessage('LIMIT_WALLETS_ERROR', 'en-US')).toContain('{max}');
  });
});

describe('client messages', () => {
  const clientEntries = Object.entries(CLIENT_MESSAGES);

  it('has the §8 network keys and a message per hardware code', () => {
    for (const key of ['server_busy', 'network_timeout', 'network_error', 'wallet_user_reject']) {
      expect(isClientMessageKey(key), key).toBe(true);
    }
    for (const key of Object.values(HARDWARE_ERROR_MESSAGES)) expect(isClientMessageKey(key)).toBe(true);
    expect(Object.keys(HARDWARE_ERROR_MESSAGES)).toEqual([
      'CONNECTION',
      'DEVICE',
      'USER_MANUAL',
      'PIN',
      'PERMISSION',
      'INVALID_PARAMS',
      'BLOCKCHAIN',
      'OTHER',
      'UNKNOWN',
    ]);
  });

  it('never overlaps the server catalogue', () => {
    for (const [key] of clientEntries) {
      expect(key).toMatch(/^[a-z][a-z0-9]*(_[a-z0-9]+)*$/);
      expect(isErrorCode(key)).toBe(false);
    }
  });

  it.each(clientEntries)('%s has three languages with matching placeholders', (key, message) => {
    const expected = placeholdersOf(message.messages['en-US']);
    for (const language of SUPPORTED_LANGUAGES) {
      expect(message.messages[language].trim(), `${key} ${language}`).not.toBe('');
      expect(message.messages[language]).not.toBe(key);
      expect(placeholdersOf(message.messages[language])).toEqual(expected);
    }
    expect(message.messages['zh-CN']).not.toBe(message.messages['zh-HK']);
  });

  it('formats templated form messages', () => {
    expect(formatClientMessage('form_range', 'en-US', { field: 'Amount', min: 1, max: 5 })).toBe(
      'Amount must be between 1 and 5.',
    );
    expect(formatClientMessage('server_busy', 'zh-HK')).toBe('伺服器繁忙，請稍後再試。');
  });
});
