import { z } from 'zod';
import { text } from './common';
import { INHERITANCE_ACTIONS } from '../states';

/**
 * §1/§4 family inheritance: a wallet owner (the testator) names an heir, who accepts with one of
 * their verified addresses or denies. After 30 days without sign-in the testator is reminded;
 * after 90 the succession opens: the heir applies with an e-mail code (family_succession) and may
 * then queue the owner swap on the wallet's recovery module, which the owners can still veto
 * until its delay is over.
 */
const hexAddress = text()
  .trim()
  .regex(/^0x[0-9a-fA-F]{40}$/, 'CHAIN_ADDRESS_INVALID_ERROR');

export const INHERITANCE_STATUSES = ['open', 'accepted', 'denied', 'closed', 'applied'] as const;
export type InheritanceStatus = (typeof INHERITANCE_STATUSES)[number];

/** POST /wallets/inheritance: one of the §4 inheritance actions on a wallet. */
export const inheritanceActionBody = z.object({
  wallet_id: z.number().int().positive(),
  action: z.enum(INHERITANCE_ACTIONS),
  /** open, add_inheritor, change_inheritor: the member named heir. */
  heir_user_id: z.number().int().positive().optional(),
  /** accept: the heir's own verified EVM address, the key that will replace the testator's. */
  heir_address: hexAddress.optional(),
  /** apply: the heir's e-mail code of purpose family_succession. */
  email_code: text()
    .trim()
    .regex(/^\d{6}$/, 'AUTHENTICATION_CODE_ERROR')
    .optional(),
});

/** GET /wallets/inheritance?wallet_id and the reply of every action. */
export const inheritanceReply = z.object({
  wallet_id: z.number().int(),
  plan: z
    .object({
      status: z.enum(INHERITANCE_STATUSES),
      testator: z.object({ user_id: z.number().int(), nickname: z.string() }),
      heir: z.object({ user_id: z.number().int(), nickname: z.string() }),
      heir_address: z.string().nullable(),
      /** Days since the testator last signed in (null: never). */
      testator_inactive_days: z.number().nullable(),
      /** 90 days without sign-in: the heir may apply. */
      succession_open: z.boolean(),
      reminded_at: z.string().nullable(),
      succession_opened_at: z.string().nullable(),
      applied_at: z.string().nullable(),
    })
    .nullable(),
  you: z.object({ is_testator: z.boolean(), is_heir: z.boolean() }),
});
export type InheritanceInfo = z.infer<typeof inheritanceReply>;
