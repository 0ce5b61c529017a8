// A Bitcoin-family signer key or descriptor that cannot be used is refused with a catalogue code,
// the field and a reason key; the message words the reason in the request's language and no reply
// carries the adapter's English text. Chains: mainnet 'btc' and 'btc-testnet' entries whose node
// is never called (checking a key needs no node).
import bs58check from 'bs58check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BITCOIN_INPUT_REASONS, walletDescriptors } from '@keystead/chains';
import { testSigner } from '@keystead/chains/bitcoin/test-signer';
import { ERROR_REASONS, SUPPORTED_LANGUAGES, type Language } from '@keystead/contract';
import { person, type Person } from '../../../test/space-helpers';
import { createTestApp, type TestApp } from '../../../test/test-app';

const NO_NODE = 'http://127.0.0.1:9/';

/** Re-encodes an extended key after `edit` changed its 78 bytes (the checksum stays right). */
function reencoded(xpub: string, edit: (raw: Uint8Array) => void): string {
  const raw = Uint8Array.from(bs58check.decode(xpub));
  edit(raw);
  return bs58check.encode(raw);
}

/** The same base58 text with one character changed: the checksum no longer matches. */
function mistyped(text: string): string {
  const i = 40;
  return text.slice(0, i) + (text[i] === 'a' ? 'b' : 'a') + text.slice(i + 1);
}

describe('Bitcoin-family signer keys and descriptors refused in the user’s language', () => {
  let t: TestApp;
  let user: Person;
  const tester = testSigner('btc-testnet', new Uint8Array(32).fill(51));
  const mainnet = testSigner('btc', new Uint8Array(32).fill(51));
  const other = testSigner('btc-testnet', new Uint8Array(32).fill(52));

  beforeAll(async () => {
    t = await createTestApp(
      {},
      {
        chains: [
          { family: 'BTC', chainId: 'btc', name: 'Bitcoin', rpcUrl: NO_NODE, isDevnet: false },
          {
            family: 'BTC',
            chainId: 'btc-testnet',
            name: 'Bitcoin testnet',
            rpcUrl: NO_NODE,
            isDevnet: false,
          },
        ],
      },
    );
    user = await person(t, { prefix: 'xpub' });
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  async function check(body: Record<string, string>, language: Language = 'en-US') {
    user.client.language = language;
    try {
      return await user.client.post<{ field?: string; reason?: string }>('/api/v1/wallets/bitcoin/check', {
        chain_key: 'btc-testnet',
        ...body,
      });
    } finally {
      user.client.language = 'en-US';
    }
  }

  const key = (overrides: Partial<{ xpub: string; fingerprint: string; path: string }> = {}) => ({
    ...tester.key,
    ...overrides,
  });

  it('has words in every language for every reason the Bitcoin family gives', () => {
    for (const reason of BITCOIN_INPUT_REASONS) {
      expect(Object.hasOwn(ERROR_REASONS, reason), reason).toBe(true);
      for (const language of SUPPORTED_LANGUAGES) {
        expect(ERROR_REASONS[reason][language].length, `${reason} ${language}`).toBeGreaterThan(5);
      }
      expect(ERROR_REASONS[reason]['en-US']).not.toMatch(/[\u4e00-\u9fff]/);
      expect(ERROR_REASONS[reason]['zh-CN']).toMatch(/[\u4e00-\u9fff]/);
      expect(ERROR_REASONS[reason]['zh-CN']).not.toBe(ERROR_REASONS[reason]['zh-HK']);
    }
  });

  // What the person entered → the field and reason the reply names.
  const cases: Array<[string, () => Record<string, string>, string, string]> = [
    ['not an xpub at all', () => key({ xpub: 'this is not a key at all, sorry' }), 'xpub', 'xpub_not_base58'],
    [
      'a mistyped character (bad checksum)',
      () => key({ xpub: mistyped(tester.key.xpub) }),
      'xpub',
      'xpub_checksum',
    ],
    [
      'base58check text of another length (an address)',
      () => key({ xpub: bs58check.encode(new Uint8Array(21).fill(7)) }),
      'xpub',
      'xpub_length',
    ],
    [
      'an extended private key',
      () => key({ xpub: tester.master.derivePath(tester.key.path).toBase58() }),
      'xpub',
      'xpub_private',
    ],
    [
      'unknown version bytes',
      () => key({ xpub: reencoded(tester.key.xpub, (raw) => raw.set([0x12, 0x34, 0x56, 0x78], 0)) }),
      'xpub',
      'xpub_version_unknown',
    ],
    [
      'a mainnet xpub on a testnet chain',
      () => key({ xpub: mainnet.key.xpub }),
      'xpub',
      'xpub_mainnet_on_testnet',
    ],
    [
      'a key that is no curve point',
      () => key({ xpub: reencoded(tester.key.xpub, (raw) => (raw[45] = 0x05)) }),
      'xpub',
      'xpub_key_invalid',
    ],
    [
      'a path one step short (wrong depth)',
      () => key({ path: "m/48'/1'/0'" }),
      'xpub',
      'xpub_depth_mismatch',
    ],
    ['a path ending in another child', () => key({ path: "m/48'/1'/0'/1'" }), 'xpub', 'xpub_child_mismatch'],
    [
      'a fingerprint that is not hex',
      () => key({ fingerprint: 'zz12zz12' }),
      'fingerprint',
      'fingerprint_format',
    ],
    [
      'a master key with another fingerprint',
      () => ({ xpub: tester.master.neutered().toBase58(), fingerprint: other.key.fingerprint, path: 'm' }),
      'fingerprint',
      'fingerprint_mismatch',
    ],
    ['a path written wrongly', () => key({ path: "m/48'/one'/0'/2'" }), 'path', 'path_step_invalid'],
    [
      'a path step out of range',
      () => key({ path: "m/48'/1'/0'/2147483648" }),
      'path',
      'path_step_out_of_range',
    ],
  ];

  it.each(cases)('signer key: %s', async (_name, body, field, reason) => {
    const reply = await check(body());
    expect(reply.status).toBe(400);
    expect(reply.code).toBe('SIGNER_KEY_INVALID_ERROR');
    expect(reply.data).toEqual({ field, reason });
    expect(reply.message).toBe(
      `This signer key cannot be used: ${ERROR_REASONS[reason as 'xpub_checksum']['en-US']}`,
    );
  });

  it('a testnet key on a mainnet chain is named as one', async () => {
    const reply = await check({ ...key(), chain_key: 'btc' });
    expect(reply.code).toBe('SIGNER_KEY_INVALID_ERROR');
    expect(reply.data).toEqual({ field: 'xpub', reason: 'xpub_testnet_on_mainnet' });
  });

  it('words the reason in en-US, zh-CN and zh-HK, and never sends English free text', async () => {
    const expected: Record<Language, string> = {
      'en-US':
        "This signer key cannot be used: the key's checksum does not match, so a character is probably mistyped or missing. Copy the key again.",
      'zh-CN': '该签名密钥无法使用：密钥校验和不匹配，可能有字符输错或缺失，请重新复制密钥。',
      'zh-HK': '此簽名密鑰無法使用：密鑰校驗碼不相符，可能有字元輸入錯誤或遺漏，請重新複製密鑰。',
    };
    for (const language of SUPPORTED_LANGUAGES) {
      const reply = await check(key({ xpub: mistyped(tester.key.xpub) }), language);
      expect(reply.code).toBe('SIGNER_KEY_INVALID_ERROR');
      expect(reply.message).toBe(expected[language]);
      expect(reply.data).toEqual({ field: 'xpub', reason: 'xpub_checksum' });
    }
    for (const language of ['zh-CN', 'zh-HK'] as const) {
      const reply = await check(key({ xpub: mainnet.key.xpub }), language);
      expect(reply.message).toContain(ERROR_REASONS.xpub_mainnet_on_testnet[language]);
      expect(reply.message).not.toMatch(/does not|belong|mainnet key/);
      const depth = await check(key({ path: "m/48'/1'/0'" }), language);
      expect(depth.message).toContain(ERROR_REASONS.xpub_depth_mismatch[language]);
    }
  });

  it('adding a signer key refuses the same way (field and reason, the message in the user’s language)', async () => {
    user.client.language = 'zh-HK';
    try {
      const reply = await user.client.post('/api/v1/permission-address/bitcoin', {
        name: 'Cold key',
        chain_key: 'btc-testnet',
        ...key({ xpub: mainnet.key.xpub }),
      });
      expect(reply.code).toBe('SIGNER_KEY_INVALID_ERROR');
      expect(reply.data).toEqual({ field: 'xpub', reason: 'xpub_mainnet_on_testnet' });
      expect(reply.message).toBe(`此簽名密鑰無法使用：${ERROR_REASONS.xpub_mainnet_on_testnet['zh-HK']}`);
    } finally {
      user.client.language = 'en-US';
    }
  });

  it('a descriptor with a bad key, a wrong checksum or the wrong wrapper: DESCRIPTOR_INVALID_ERROR with the reason', async () => {
    const { receive } = walletDescriptors({
      chain: 'btc-testnet',
      threshold: 2,
      keys: [tester.key, other.key],
    });
    const ok = await check({ descriptor: receive });
    expect(ok.code).toBe('OK');
    const body = receive.replace(/#.*$/, '');
    const refusals: Array<[string, string]> = [
      [receive.replace('sortedmulti(2', 'sortedmulti(1'), 'descriptor_checksum'],
      [body.replace(tester.key.xpub, mistyped(tester.key.xpub)), 'xpub_checksum'],
      [body.replace(tester.key.xpub, mainnet.key.xpub), 'xpub_mainnet_on_testnet'],
      [body.replace(/^wsh\(/, 'sh('), 'descriptor_wrapper_wsh'],
      [body.replace('/0/*', '/0/5'), 'descriptor_key_origin_missing'],
      ['pkh(02aa)', 'descriptor_not_multisig'],
    ];
    for (const [descriptor, reason] of refusals) {
      const reply = await check({ descriptor }, 'zh-CN');
      expect(reply.code, reason).toBe('DESCRIPTOR_INVALID_ERROR');
      expect(reply.data).toEqual({ field: 'descriptor', reason });
      expect(reply.message).toBe(
        `该钱包描述符无法使用：${ERROR_REASONS[reason as 'xpub_checksum']['zh-CN']}`,
      );
    }
  });
});
