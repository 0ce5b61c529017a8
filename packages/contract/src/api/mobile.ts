import { z } from 'zod';
import { text } from './common';
import { isoTime } from './reply';

/**
 * §1 the companion mobile signer (`/mobile`, an installable web app). The desktop asks for a
 * one-time pairing code and shows it as a QR; the phone scans it and gets a phone session, which
 * may only list the tasks its key signs, show them and sign (routes marked `phone`). The phone's
 * key is made and kept on the phone under a PIN: the server never sees it.
 */

/** Pairing codes: ten Crockford base-32 characters, shown as two groups of five. */
export const PAIRING_CODE_ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const PAIRING_CODE_LENGTH = 10;

/** What a person types or a QR carries, in the stored form: upper case, no dash or spaces. */
export function normalizePairingCode(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '');
}

/** POST /mobile/pairing: a new code (earlier unused codes of the account stop working). */
export const mobilePairingReply = z.object({
  /** As shown: "ABCDE-FGHJK". */
  code: z.string(),
  /** What the QR holds: this server's /mobile page with the code after `#pair=`. */
  pair_url: z.string(),
  expires_at: isoTime,
});
export type MobilePairing = z.infer<typeof mobilePairingReply>;

/** GET /mobile/pairing (desktop): whether the newest code this session asked for has paired a phone. */
export const mobilePairingStatusReply = z.object({
  paired: z.boolean(),
  /** The phone's browser, as the login history names it. */
  device: z.string().nullable(),
  paired_at: isoTime.nullable(),
});
export type MobilePairingStatus = z.infer<typeof mobilePairingStatusReply>;

/** POST /mobile/pair (no session): the phone trades the code for a phone session (cookie). */
export const mobilePairBody = z.object({
  code: text().trim().min(1, 'AUTHENTICATION_CODE_ERROR').max(40, 'AUTHENTICATION_CODE_ERROR'),
});
export const mobileSessionReply = z.object({
  email: z.string(),
  nickname: z.string(),
  /** 'phone' for a paired phone; 'browser' for an ordinary login. */
  kind: z.enum(['browser', 'phone']),
  expires_at: isoTime,
});
export type MobileSession = z.infer<typeof mobileSessionReply>;

/** GET /mobile/tasks: tasks of every space waiting for this (own, verified) EVM address to sign. */
export const mobileTasksQuery = z.object({
  address: text()
    .trim()
    .regex(/^0x[0-9a-fA-F]{40}$/, 'CHAIN_ADDRESS_INVALID_ERROR'),
});
export const mobileTask = z.object({
  task_id: z.number(),
  /** The space the task is in: the phone sends it as the organization-id header to read and sign. */
  organization_id: z.number(),
  organization_name: z.string(),
  wallet_id: z.number(),
  wallet_name: z.string(),
  chain: z.string(),
  /** §3 task type: 1 transfer, 4 batch, 5 pre-signed, 6 Dapp … */
  type: z.number(),
  status: z.number(),
  symbol: z.string().nullable(),
  amount: z.string().nullable(),
  to_address: z.string().nullable(),
  /** A wallet task (type 6): what it does — recovery_cancel (the owners' veto), recovery_enable, approve_cancel, calls … */
  dapp_action: z.string().nullable(),
  /** A Dapp's message (dapp_action 'message'): who asks and what kind, for the phone to name it; else null. */
  message: z
    .object({ dapp_name: z.string(), dapp_url: z.string(), kind: z.enum(['personal', 'typed']) })
    .nullable(),
  signatures: z.number(),
  threshold: z.number(),
  created_at: isoTime,
});
export type MobileTask = z.infer<typeof mobileTask>;
export const mobileTasksReply = z.object({
  address: z.string(),
  list: z.array(mobileTask),
  read_at: isoTime,
});
export type MobileTasks = z.infer<typeof mobileTasksReply>;

/**
 * GET /mobile/inheritance: the wallets whose owner named this account heir and that wait for its
 * answer (open) or that it accepted, across its spaces. The phone accepts with its own key
 * (POST /wallets/inheritance, action accept or deny: the only actions a phone may take there).
 */
export const mobileInheritanceReply = z.object({
  list: z.array(
    z.object({
      organization_id: z.number().int(),
      organization_name: z.string(),
      wallet_id: z.number().int(),
      wallet_name: z.string(),
      chain_key: z.string(),
      /** The chain's name, as the phone shows it. */
      chain: z.string(),
      status: z.enum(['open', 'accepted', 'applied']),
      testator_nickname: z.string(),
      heir_address: z.string().nullable(),
    }),
  ),
});
export type MobileInheritance = z.infer<typeof mobileInheritanceReply>;
