// Test fixtures: SOL from a faucet, SPL mints whose authority the devnet holds, and tokens minted
// to owners. Airdrops and mints are real transactions signed by the devnet's keys and run by the
// VM (so they show up in history like any other); only a new mint's account is written directly,
// which lets a test choose the mint's address.
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createMintToInstruction,
  getAssociatedTokenAddressSync,
  MINT_SIZE,
  MintLayout,
} from '@solana/spl-token';
import { lamports } from '@solana/kit';
import { Keypair, PublicKey, SystemProgram, Transaction, type TransactionInstruction } from '@solana/web3.js';
import { decodeWire, toAddress, type Chain } from './chain.js';
import { submitTransaction } from './submit.js';
import { readMint, TOKEN_PROGRAM } from './tokens.js';

const SYSTEM_PROGRAM = '11111111111111111111111111111111';

/** 1M SOL: more than any dev session needs, and below 2^53 so balances stay exact JSON numbers. */
const FAUCET_LAMPORTS = 1_000_000_000_000_000n;

export class Fixtures {
  readonly faucet = Keypair.generate();
  readonly mintAuthority = Keypair.generate();

  constructor(private readonly chain: Chain) {
    chain.svm.setAccount({
      address: toAddress(this.faucet.publicKey.toBase58()),
      lamports: lamports(FAUCET_LAMPORTS),
      programAddress: toAddress(SYSTEM_PROGRAM),
      data: new Uint8Array(),
      executable: false,
      space: 0n,
    });
  }

  /** Sends `lamports` from the faucet to `address`; returns the transaction's signature. */
  airdrop(address: string, lamports: bigint): string {
    if (lamports <= 0n) throw new Error('solana devnet: an airdrop needs a positive amount');
    const to = new PublicKey(address);
    return this.send([SystemProgram.transfer({ fromPubkey: this.faucet.publicKey, toPubkey: to, lamports })]);
  }

  /** A classic SPL Token mint with the devnet's mint authority and no freeze authority. */
  createMint(decimals: number, mintAddress?: string): string {
    if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
      throw new Error(`solana devnet: invalid decimals ${decimals}`);
    }
    const mint = mintAddress ? new PublicKey(mintAddress) : Keypair.generate().publicKey;
    if (this.chain.account(mint.toBase58()))
      throw new Error(`solana devnet: ${mint.toBase58()} already exists`);
    const data = Buffer.alloc(MINT_SIZE);
    MintLayout.encode(
      {
        mintAuthorityOption: 1,
        mintAuthority: this.mintAuthority.publicKey,
        supply: 0n,
        decimals,
        isInitialized: true,
        freezeAuthorityOption: 0,
        freezeAuthority: PublicKey.default,
      },
      data,
    );
    this.chain.svm.setAccount({
      address: toAddress(mint.toBase58()),
      lamports: lamports(this.chain.svm.minimumBalanceForRentExemption(BigInt(MINT_SIZE))),
      programAddress: toAddress(TOKEN_PROGRAM),
      data,
      executable: false,
      space: BigInt(MINT_SIZE),
    });
    this.chain.known.add(mint.toBase58());
    return mint.toBase58();
  }

  /** Mints `amount` to the owner's associated token account, creating it when missing. */
  mintTo(mintAddress: string, ownerAddress: string, amount: bigint): string {
    const account = this.chain.account(mintAddress);
    const state = readMint(mintAddress, account);
    if (!account || !state) throw new Error(`solana devnet: ${mintAddress} is not a token mint`);
    if (!state.mintAuthority?.equals(this.mintAuthority.publicKey)) {
      throw new Error(`solana devnet: the devnet does not hold the mint authority of ${mintAddress}`);
    }
    const [mint, owner] = [new PublicKey(mintAddress), new PublicKey(ownerAddress)];
    const programId = new PublicKey(account.programAddress);
    const ata = getAssociatedTokenAddressSync(mint, owner, true, programId);
    const payer = this.faucet.publicKey;
    return this.send(
      [
        createAssociatedTokenAccountIdempotentInstruction(payer, ata, owner, mint, programId),
        createMintToInstruction(mint, ata, this.mintAuthority.publicKey, amount, [], programId),
      ],
      [this.mintAuthority],
    );
  }

  /** Signs with the faucet (the fee payer) and `signers`, and applies the transaction. */
  private send(instructions: TransactionInstruction[], signers: Keypair[] = []): string {
    const tx = new Transaction({ feePayer: this.faucet.publicKey, recentBlockhash: this.chain.blockhash });
    tx.add(...instructions).sign(this.faucet, ...signers);
    return submitTransaction(this.chain, decodeWire(tx.serialize()));
  }
}
