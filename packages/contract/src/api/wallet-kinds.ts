import { z } from 'zod';
import { text } from './common';
import { createMultiWalletBody, importSingleBody } from './wallets';
import { createMultiWalletReply, importSingleWalletReply } from './wallet-replies';

/**
 * §7 wallet calls that name the wallet's kind in the body (§3 "wallet create form: sign_type"):
 * POST /wallets creates a multisig (1) or imports a single-signature address (2); DELETE /wallets
 * deletes a wallet by its kind.
 */
export const createWalletBody = z.discriminatedUnion('sign_type', [
  createMultiWalletBody.extend({ sign_type: z.literal(1) }),
  importSingleBody.extend({ sign_type: z.literal(2) }),
]);
export const createWalletReply = z.union([createMultiWalletReply, importSingleWalletReply]);

/** Deleting asks for the wallet's name typed again and an e-mail code of purpose wallet_delete (§5). */
export const deleteWalletBody = z.object({
  wallet_id: z.number().int().positive(),
  name: text().max(60),
  email_code: text().regex(/^\d{6}$/, 'AUTHENTICATION_CODE_ERROR'),
});
export const deleteMultiWalletBody = z.object({ wallet_id: z.number().int().positive() });
export const deletedWalletReply = z.object({ wallet_id: z.number(), deleted: z.literal(true) });

/** GET /wallets/custom-token: the tokens a wallet lists: the chain's known ones and those added. */
export const walletTokensQuery = z.object({ wallet_id: z.coerce.number().int().positive() });
export const walletTokensReply = z.object({
  list: z.array(
    z.object({
      contract: z.string().nullable(),
      symbol: z.string(),
      decimals: z.number(),
      custom: z.boolean(),
    }),
  ),
});
