// The fixture API (airdrop, createMint, mintTo, setAccount) and its HTTP control endpoints, plus CORS.
import {
  ACCOUNT_SIZE,
  AccountLayout,
  AccountState,
  getAssociatedTokenAddressSync,
  getMint,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { Keypair, PublicKey, type Connection } from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SolanaDevnet } from './index.js';
import { post, startTestDevnet } from './test-helpers.js';

let devnet: SolanaDevnet;
let connection: Connection;

beforeAll(async () => {
  ({ devnet, connection } = await startTestDevnet());
});
afterAll(() => devnet.close());

const tokens = async (owner: string, mint: string) =>
  (
    await connection.getParsedTokenAccountsByOwner(new PublicKey(owner), { mint: new PublicKey(mint) })
  ).value.map(
    (a) => (a.account.data.parsed as { info: { tokenAmount: { amount: string } } }).info.tokenAmount.amount,
  );

describe('fixture API', () => {
  it('airdrops SOL with a real transaction from the faucet', async () => {
    const address = Keypair.generate().publicKey;
    devnet.airdrop(address.toBase58(), 2_000_000_000n);
    expect(await connection.getBalance(address)).toBe(2_000_000_000);
    const [signature] = await connection.getSignaturesForAddress(address);
    expect(signature?.err).toBeNull();
    expect(() => devnet.airdrop(Keypair.generate().publicKey.toBase58(), 1n)).toThrow(
      /insufficient funds for rent/,
    );
  });

  it('creates mints (at a chosen address too) and mints to owners’ associated accounts', async () => {
    const mint = await devnet.createMint(6);
    const chosen = Keypair.generate().publicKey.toBase58();
    expect(await devnet.createMint(9, chosen)).toBe(chosen);
    expect((await getMint(connection, new PublicKey(chosen))).decimals).toBe(9);
    await expect(devnet.createMint(6, chosen)).rejects.toThrow(/already exists/);

    const owner = Keypair.generate().publicKey.toBase58();
    await devnet.mintTo(mint, owner, 5_000_000n);
    await devnet.mintTo(mint, owner, 1n); // the account exists now: created idempotently
    expect(await tokens(owner, mint)).toEqual(['5000001']);
    const ata = getAssociatedTokenAddressSync(new PublicKey(mint), new PublicKey(owner));
    expect((await connection.getTokenAccountBalance(ata)).value.uiAmountString).toBe('5.000001');
    expect((await connection.getTokenSupply(new PublicKey(mint))).value.amount).toBe('5000001');
  });

  it('writes accounts directly, and lists token accounts written that way', async () => {
    const mint = await devnet.createMint(2);
    const owner = Keypair.generate().publicKey;
    const address = Keypair.generate().publicKey.toBase58();
    const data = Buffer.alloc(ACCOUNT_SIZE);
    AccountLayout.encode(
      {
        mint: new PublicKey(mint),
        owner,
        amount: 4_200n,
        delegateOption: 0,
        delegate: PublicKey.default,
        state: AccountState.Initialized,
        isNativeOption: 0,
        isNative: 0n,
        delegatedAmount: 0n,
        closeAuthorityOption: 0,
        closeAuthority: PublicKey.default,
      },
      data,
    );
    devnet.setAccount(address, { owner: TOKEN_PROGRAM_ID.toBase58(), data });
    expect(await devnet.getAccountData(address)).toEqual(new Uint8Array(data));
    expect(await devnet.getAccountData(Keypair.generate().publicKey.toBase58())).toBeNull();
    expect(await tokens(owner.toBase58(), mint)).toEqual(['4200']);
    const rent = await connection.getMinimumBalanceForRentExemption(ACCOUNT_SIZE);
    expect(await connection.getBalance(new PublicKey(address))).toBe(rent);
  });

  it('refuses to mint what the devnet has no authority over', async () => {
    const notAMint = Keypair.generate().publicKey.toBase58();
    await expect(devnet.mintTo(notAMint, notAMint, 1n)).rejects.toThrow(/not a token mint/);
  });
});

describe('HTTP control endpoints', () => {
  it('create-mint, mint and airdrop over HTTP', async () => {
    const created = await post(devnet, '/fixture/create-mint', { decimals: 6 });
    expect(created.status).toBe(200);
    const mint = created.body.mint as string;
    expect((await getMint(connection, new PublicKey(mint))).decimals).toBe(6);

    const owner = Keypair.generate().publicKey.toBase58();
    const minted = await post(devnet, '/fixture/mint', { mint, owner, amount: '123456789' });
    expect(minted.status).toBe(200);
    expect(await tokens(owner, mint)).toEqual(['123456789']);

    const airdrop = await post(devnet, '/fixture/airdrop', { address: owner, lamports: '3000000000' });
    expect(airdrop.status).toBe(200);
    expect(await connection.getBalance(new PublicKey(owner))).toBe(3_000_000_000);
  });

  it('set-account writes an account (base64 data, owner, lamports) straight into the VM', async () => {
    const address = Keypair.generate().publicKey.toBase58();
    const owner = Keypair.generate().publicKey.toBase58();
    const data = Buffer.from([1, 2, 3, 4, 5]);
    const written = await post(devnet, '/fixture/set-account', {
      address,
      owner,
      data: data.toString('base64'),
      lamports: '5000000',
    });
    expect(written).toEqual({ status: 200, body: { address } });
    const account = await connection.getAccountInfo(new PublicKey(address));
    expect(account?.owner.toBase58()).toBe(owner);
    expect(account?.lamports).toBe(5_000_000);
    expect(Buffer.from(account!.data)).toEqual(data);
    expect(await devnet.getAccountData(address)).toEqual(new Uint8Array(data));

    // Without lamports: rent-exempt for its size.
    const other = Keypair.generate().publicKey.toBase58();
    await post(devnet, '/fixture/set-account', { address: other, owner, data: data.toString('base64') });
    expect(await connection.getBalance(new PublicKey(other))).toBe(
      await connection.getMinimumBalanceForRentExemption(data.length),
    );
    const missing = await post(devnet, '/fixture/set-account', { address: other, owner });
    expect(missing).toEqual({ status: 400, body: { error: "solana devnet: 'data' must be a string" } });
  });

  it('answers bad requests with 400 and the reason', async () => {
    const owner = Keypair.generate().publicKey.toBase58();
    const missing = await post(devnet, '/fixture/airdrop', { address: owner });
    expect(missing).toEqual({ status: 400, body: { error: "solana devnet: 'lamports' must be a string" } });
    const unknown = await post(devnet, '/fixture/nothing', {});
    expect(unknown.status).toBe(404);
  });

  it('lets a browser on another origin call it (CORS)', async () => {
    const preflight = await fetch(devnet.url, {
      method: 'OPTIONS',
      headers: {
        origin: 'http://localhost:5173',
        'access-control-request-headers': 'content-type,solana-client',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toBe('content-type,solana-client');
    const health = await fetch(`${devnet.url}/health`);
    expect(await health.text()).toBe('ok');
  });
});
