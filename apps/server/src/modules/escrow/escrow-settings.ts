import { isIP } from 'node:net';
import type { AppContext } from '../../context';
import { AppError } from '../../lib/app-error';
import type { CommandContext } from '../../lib/command-context';
import { writeAudit } from '../audit/audit.service';
import { withEmailCode } from '../auth/email-code.service';
import { loadExchangeAccount } from '../exchanges/exchange-reads';
import { escrowSettingsOf, saveEscrowSettings } from './escrow-repository';

/** GET /escrow/settings: the platform API's IP whitelist and timestamp window of an account. */
export async function escrowSettingsView(ctx: AppContext, actor: CommandContext, walletId: number) {
  const account = await loadExchangeAccount(ctx, actor, walletId);
  const settings = await escrowSettingsOf(ctx.db, account.wallet_id);
  return {
    wallet_id: account.wallet_id,
    ip_whitelist: settings.ip_whitelist,
    timestamp_window_seconds: settings.timestamp_window_seconds,
  };
}

/** An address or a CIDR range whose prefix fits its family (the schema checked the characters). */
function validEntry(entry: string): boolean {
  const [address, bits] = entry.split('/');
  const family = isIP(address!);
  if (family === 0) return false;
  if (bits === undefined) return true;
  const prefix = Number(bits);
  return Number.isInteger(prefix) && prefix >= 0 && prefix <= (family === 4 ? 32 : 128);
}

/** POST /escrow/settings (admins, e-mail code `exchange_settings`), audited with what it was before. */
export async function saveEscrowSettingsOf(
  ctx: AppContext,
  actor: CommandContext,
  input: { wallet_id: number; ip_whitelist: string[]; timestamp_window_seconds: number; email_code: string },
): Promise<void> {
  const account = await loadExchangeAccount(ctx, actor, input.wallet_id);
  if (!input.ip_whitelist.every(validEntry))
    throw new AppError('PARAMS_INVALID_ERROR', { field: 'ip_whitelist' });
  const before = await escrowSettingsOf(ctx.db, account.wallet_id);
  const next = {
    ip_whitelist: [...new Set(input.ip_whitelist)],
    timestamp_window_seconds: input.timestamp_window_seconds,
  };
  await withEmailCode(ctx, actor.user.email, 'exchange_settings', input.email_code, async (trx) => {
    await saveEscrowSettings(trx, account.wallet_id, next, actor.user.id);
    await writeAudit(trx, {
      organizationId: account.organization_id,
      userId: actor.user.id,
      type: 'wallet',
      operation: 'escrow_settings',
      ip: actor.ip,
      content: {
        wallet_id: account.wallet_id,
        name: account.name,
        before: {
          ip_whitelist: before.ip_whitelist,
          timestamp_window_seconds: before.timestamp_window_seconds,
        },
        ...next,
      },
    });
  });
}
