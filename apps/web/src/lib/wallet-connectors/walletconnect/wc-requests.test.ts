import { describe, expect, it } from 'vitest';
import { hexToString, recoverTransactionAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { WalletError, type TypedDataRequest } from '../types';
import {
  personalSignRequest,
  pickSession,
  proposalNamespaces,
  sendTransactionRequest,
  sessionAddresses,
  typedDataChain,
  typedDataRequest,
  walletConnectError,
  type SessionLike,
} from './wc-requests';

const phone = privateKeyToAccount(generatePrivateKey());
const other = privateKeyToAccount(generatePrivateKey());
const inAnHour = Math.floor(Date.now() / 1000) + 3600;

const session = (accounts: string[], expiry = inAnHour, topic = 't'.repeat(64)): SessionLike => ({
  topic,
  expiry,
  namespaces: { eip155: { accounts } },
});

const TYPED: TypedDataRequest = {
  domain: { chainId: 31337, verifyingContract: '0x000000000000000000000000000000000000dEaD' },
  types: { Note: [{ name: 'text', type: 'string' }] },
  primaryType: 'Note',
  message: { text: 'hello' },
};

const codeOf = (error: unknown) => (error as WalletError).code;

describe('WalletConnect requests', () => {
  it('proposes the chain asked for, Ethereum when none, with the three signing methods', () => {
    expect(proposalNamespaces(31337)).toEqual({
      eip155: {
        chains: ['eip155:31337'],
        methods: ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction'],
        events: ['accountsChanged', 'chainChanged'],
      },
    });
    expect(proposalNamespaces().eip155.chains).toEqual(['eip155:1']);
  });

  it("reads a session's accounts per chain, checksummed and once each, skipping malformed ones", () => {
    const lower = phone.address.toLowerCase();
    const wc = session([
      `eip155:1:${lower}`,
      `eip155:31337:${phone.address}`,
      `eip155:137:${other.address}`,
      'eip155:1:not-an-address',
      `solana:5eykt:${phone.address}`,
    ]);
    expect(sessionAddresses(wc, 31337)).toEqual([phone.address]);
    expect(sessionAddresses(wc, 10)).toEqual([]);
    expect(sessionAddresses(wc)).toEqual([phone.address, other.address]);
  });

  it('picks the live session with the account, the newest when several have it', () => {
    const old = session([`eip155:1:${phone.address}`], inAnHour, 'a'.repeat(64));
    const newer = session([`eip155:1:${phone.address}`], inAnHour + 60, 'b'.repeat(64));
    const expired = session([`eip155:1:${other.address}`], Math.floor(Date.now() / 1000) - 1);
    expect(pickSession([old, newer, expired], { address: phone.address })?.topic).toBe('b'.repeat(64));
    expect(pickSession([old, expired], { address: other.address })).toBeUndefined();
    expect(pickSession([old], { chainId: 31337 })).toBeUndefined();
    expect(pickSession([old], {})?.topic).toBe('a'.repeat(64));
  });

  it("signs typed data on its domain's chain, and refuses a chain the session lacks", () => {
    const wc = session([`eip155:1:${phone.address}`, `eip155:31337:${phone.address}`]);
    expect(typedDataChain(wc, phone.address, TYPED)).toBe(31337);
    expect(typedDataChain(wc, phone.address, { ...TYPED, domain: {} })).toBe(1);
    const onlyMainnet = session([`eip155:1:${phone.address}`]);
    expect(() => typedDataChain(onlyMainnet, phone.address, TYPED)).toThrow(
      expect.objectContaining({ code: 'network_mismatch' }),
    );
  });

  it('sends personal_sign as hex of the UTF-8 message, then the account', () => {
    const message = 'Keystead: 签名 ✓';
    const { chainId, request } = personalSignRequest(1, phone.address, message);
    expect(chainId).toBe('eip155:1');
    expect(request.method).toBe('personal_sign');
    expect(hexToString(request.params[0] as `0x${string}`)).toBe(message);
    expect(request.params[1]).toBe(phone.address);
  });

  it('sends eth_signTypedData_v4 as the account, then the typed data as JSON', () => {
    const { request } = typedDataRequest(31337, phone.address, TYPED);
    expect(request.method).toBe('eth_signTypedData_v4');
    expect(request.params[0]).toBe(phone.address);
    expect(JSON.parse(request.params[1] as string)).toEqual(TYPED);
  });

  it('sends eth_sendTransaction with hex quantities, fees only where named', async () => {
    const { chainId, request } = sendTransactionRequest(31337, {
      from: phone.address,
      to: other.address,
      value: '1000000000000000000',
      gas: '21000',
      maxFeePerGas: '2000000000',
    });
    expect(chainId).toBe('eip155:31337');
    expect(request.params).toEqual([
      {
        from: phone.address,
        to: other.address,
        value: '0xde0b6b3a7640000',
        gas: '0x5208',
        maxFeePerGas: '0x77359400',
      },
    ]);
    // What a phone would sign from it is a valid transaction by the sender.
    const [tx] = request.params as [{ to: `0x${string}`; value: `0x${string}`; gas: `0x${string}` }];
    const signed = await phone.signTransaction({
      chainId: 31337,
      to: tx.to,
      value: BigInt(tx.value),
      gas: BigInt(tx.gas),
      maxFeePerGas: 2_000_000_000n,
      maxPriorityFeePerGas: 1n,
      nonce: 0,
    });
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(phone.address);
    expect(sendTransactionRequest(1, { from: phone.address, to: other.address }).request.params).toEqual([
      { from: phone.address, to: other.address, value: '0x0' },
    ]);
  });
});

describe('WalletConnect failures as §8 client messages', () => {
  it.each([
    [{ code: 4001, message: 'User rejected the request.' }, 'sign', 'wallet_user_reject'],
    [{ code: 5000, message: 'User rejected.' }, 'sign', 'wallet_user_reject'],
    [{ code: 5002, message: 'User rejected methods.' }, 'connect', 'wallet_user_reject'],
    [{ code: -32000, message: 'Request rejected by the user' }, 'send', 'wallet_user_reject'],
    [new Error('Request expired. Please try again.'), 'sign', 'network_timeout'],
    [new Error('Proposal expired'), 'connect', 'network_timeout'],
    [{ code: 5100, message: 'Unsupported chains.' }, 'connect', 'network_mismatch'],
    [{ code: -32000, message: 'insufficient funds for gas * price + value' }, 'send', 'insufficient_funds'],
    [{ code: -32603, message: 'Internal error' }, 'sign', 'sign_error'],
    [new Error('socket hang up'), 'connect', 'wallet_connect_failed'],
    [{ code: -32603, message: 'nonce too low' }, 'send', 'broadcast_failed'],
  ] as const)('%o while %s → %s', (error, action, code) => {
    expect(walletConnectError(error, action).code).toBe(code);
  });

  it('passes a WalletError through unchanged', () => {
    const error = new WalletError('signer_mismatch');
    expect(walletConnectError(error, 'sign')).toBe(error);
    expect(codeOf(walletConnectError('text only', 'sign'))).toBe('sign_error');
  });
});
