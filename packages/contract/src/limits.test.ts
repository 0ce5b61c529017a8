import { describe, expect, it } from 'vitest';
import { isPrivilegedRole, isTaskRevocable, SpaceRole, TaskStatus, VERIFY_CODE_CATEGORIES } from './enums';
import { AVATAR_MAX_BYTES, BATCH_CSV_MAX_BYTES, checkPassword, isValidEmail, PASSWORD_RULE } from './limits';

describe('checkPassword', () => {
  it('accepts a password meeting every rule', () => {
    expect(checkPassword('Abcdef1!')).toEqual({
      length: true,
      upper: true,
      lower: true,
      digit: true,
      symbol: true,
      ok: true,
    });
    expect(PASSWORD_RULE.test('Abcdef1!')).toBe(true);
  });

  it.each([
    ['Abcde1!', 'length'],
    ['abcdef1!', 'upper'],
    ['ABCDEF1!', 'lower'],
    ['Abcdefg!', 'digit'],
    ['Abcdefg1', 'symbol'],
  ] as const)('flags %s as missing %s', (password, rule) => {
    const result = checkPassword(password);
    expect(result[rule]).toBe(false);
    expect(result.ok).toBe(false);
    expect(PASSWORD_RULE.test(password)).toBe(false);
  });

  it('counts any non-alphanumeric character as a symbol and caps the length', () => {
    expect(checkPassword('Abcdef1_').ok).toBe(true);
    expect(checkPassword('Abcdef 1').ok).toBe(true);
    expect(checkPassword(`Aa1!${'x'.repeat(200)}`).length).toBe(false);
    expect(PASSWORD_RULE.test(`Aa1!${'x'.repeat(200)}`)).toBe(false);
  });

  it('agrees with PASSWORD_RULE', () => {
    for (const password of [
      '',
      'Password1',
      'Pass word1',
      'Pässwörd1!',
      'P@ssw0rd',
      'p@ssw0rd',
      'Aa1!\nbcde',
    ]) {
      expect(PASSWORD_RULE.test(password), password).toBe(checkPassword(password).ok);
    }
  });
});

describe('isValidEmail', () => {
  it.each(['user@example.com', 'first.last+tag@sub.example.co.uk', "o'brien@example.io", 'A_B-c@x-y.org'])(
    'accepts %s',
    (email) => expect(isValidEmail(email)).toBe(true),
  );

  it.each([
    '',
    'plain',
    '@example.com',
    'user@',
    'user@localhost',
    'user@example.c',
    'us er@example.com',
    'user@@example.com',
    '.user@example.com',
    'user.@example.com',
    'us..er@example.com',
    'user@-example.com',
    'user@example..com',
    `${'a'.repeat(65)}@example.com`,
    `user@${'a'.repeat(250)}.com`,
  ])('rejects %s', (email) => expect(isValidEmail(email)).toBe(false));

  it('answers quickly on hostile input', () => {
    const started = Date.now();
    isValidEmail(`${'a'.repeat(60)}@${'a-'.repeat(90)}!`);
    expect(Date.now() - started).toBeLessThan(100);
  });
});

describe('limits and enums', () => {
  it('keeps the §9 byte sizes', () => {
    expect(AVATAR_MAX_BYTES).toBe(2097152);
    expect(BATCH_CSV_MAX_BYTES).toBe(5 * 1024 * 1024);
  });

  it('treats creator and admin as privileged', () => {
    expect(isPrivilegedRole(SpaceRole.Creator)).toBe(true);
    expect(isPrivilegedRole(SpaceRole.Admin)).toBe(true);
    expect(isPrivilegedRole(SpaceRole.Member)).toBe(false);
    expect(isPrivilegedRole(SpaceRole.User)).toBe(false);
  });

  it('offers revoke only while pending approval, signature or broadcast', () => {
    expect([0, 1, 2, 3, 5, 6, 7].filter(isTaskRevocable)).toEqual([0, 3, 5]);
    expect(isTaskRevocable(TaskStatus.Revoked)).toBe(false);
  });

  it('derives the verify-code categories from the send list', () => {
    expect(VERIFY_CODE_CATEGORIES).not.toContain('register');
    expect(VERIFY_CODE_CATEGORIES).not.toContain('invite_register');
    expect(VERIFY_CODE_CATEGORIES).not.toContain('edit_anti_fishing');
    expect(VERIFY_CODE_CATEGORIES).toContain('payment_settings');
    expect(VERIFY_CODE_CATEGORIES).toContain('login');
  });
});
