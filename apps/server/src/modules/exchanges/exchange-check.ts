import {
  EXCHANGE_CHECK_STEPS,
  EXCHANGE_CHECK_TOKEN_SECONDS,
  type ErrorCode,
  type ExchangeApiInput,
  type ExchangeCheckStep,
  type ExchangeCheckStepResult,
} from '@keystead/contract';
import type { AppContext } from '../../context';
import type { CommandContext } from '../../lib/command-context';
import { AppError } from '../../lib/app-error';
import { randomToken, sha256Hex } from '../../lib/crypto';
import { exchangeClient, failureKind, failureName } from './exchange-client';
import { readKeyPermissions, type KeyPermissions } from './exchange-permissions';
import { insertCheck } from './exchange-repository';
import { assertExchangeAllowed, checkInput } from './exchange-rules';
import { inputHash } from './exchange-secrets';

/** The fields of the input a check token is bound to (the add must send the same). */
export function checkedInputHash(ctx: AppContext, input: ExchangeApiInput): string {
  return inputHash(ctx.config, {
    exchange: input.exchange.toLowerCase(),
    api_key: input.api_key,
    secret: input.secret,
    passphrase: input.passphrase ?? '',
    api_key_type: input.api_key_type,
    account_mode: input.account_mode,
    ip_whitelist: input.ip_whitelist,
  });
}

class Steps {
  private readonly results = new Map<ExchangeCheckStep, ExchangeCheckStepResult>(
    EXCHANGE_CHECK_STEPS.map((step) => [step, { step, status: 'skipped', code: null }]),
  );
  pass(step: ExchangeCheckStep) {
    this.results.set(step, { step, status: 'passed', code: null });
  }
  /** Ends the check: the failing step's code, with every step's result as the reply's data. */
  fail(step: ExchangeCheckStep, code: ErrorCode): never {
    this.results.set(step, { step, status: 'failed', code });
    throw new AppError(code, {}, { steps: this.list() });
  }
  list(): ExchangeCheckStepResult[] {
    return EXCHANGE_CHECK_STEPS.map((step) => this.results.get(step)!);
  }
}

/**
 * The add wizard's connectivity test (§4 steps: API validity, network, permissions, account info)
 * through ccxt. It refuses what the spec refuses — a trading or withdrawal key where read-only is
 * asked, a missing passphrase, an IP whitelist the exchange lacks, a key already added, one API
 * too many for the space — and, when every step passes, hands out a token good for one add of the
 * same input. Nothing but the passed check (hashes only) is written.
 */
export async function checkExchangeApi(ctx: AppContext, actor: CommandContext, input: ExchangeApiInput) {
  await assertExchangeAllowed(ctx.db, actor.organization);
  const steps = new Steps();
  let spec;
  try {
    spec = await checkInput(ctx.db, input);
  } catch (error) {
    if (error instanceof AppError) steps.fail('api_validity', error.code);
    throw error;
  }
  const client = await exchangeClient(ctx.config, spec, {
    apiKey: input.api_key,
    secret: input.secret,
    ...(input.passphrase ? { passphrase: input.passphrase } : {}),
  });
  const failed = (step: ExchangeCheckStep, error: unknown): never => {
    const kind = failureKind(error);
    ctx.log.warn({ exchange: spec.id, step, failure: failureName(error) }, 'exchange check step failed');
    if (kind === 'auth') return steps.fail(step === 'network' ? 'api_validity' : step, 'EXCHANGE_AUTH_ERROR');
    return steps.fail(kind === 'network' ? 'network' : step, 'EXCHANGE_CONNECT_TEST_FAILED_ERROR');
  };

  // Network: a public call reaches the exchange.
  await client.fetchTime().catch((error: unknown) => failed('network', error));
  steps.pass('network');

  // API validity: a signed call to the exchange's permission endpoint is accepted.
  const permissions: KeyPermissions | null = await readKeyPermissions(spec.id, client).catch(
    (error: unknown) => failed('api_validity', error),
  );
  steps.pass('api_validity');

  // Permissions: what the key may do, as the exchange says, against what is being added.
  if (!permissions) return steps.fail('permissions', 'EXCHANGE_CONNECT_TEST_FAILED_ERROR');
  if (input.api_key_type === 1 && permissions.kind !== 1)
    steps.fail('permissions', 'EXCHANGE_READ_ONLY_API_ERROR');
  if (permissions.kind !== input.api_key_type)
    steps.fail('permissions', 'EXCHANGE_CONNECT_TEST_FAILED_ERROR');
  steps.pass('permissions');

  // Account info: the account's balances can be read.
  await client
    .fetchBalance({ type: spec.accountTypes[0] })
    .catch((error: unknown) => failed('account_info', error));
  steps.pass('account_info');

  const accountMode =
    permissions.unified === null ? input.account_mode : permissions.unified ? 'unified' : 'classic';
  const token = randomToken();
  const expiresAt = new Date(Date.now() + EXCHANGE_CHECK_TOKEN_SECONDS * 1000);
  await insertCheck(ctx.db, {
    organization_id: actor.organization.id,
    user_id: actor.user.id,
    token_hash: sha256Hex(token),
    input_hash: checkedInputHash(ctx, input),
    api_key_type: permissions.kind,
    account_mode: accountMode,
    expires_at: expiresAt,
  });
  return {
    passed: true as const,
    steps: steps.list(),
    api_key_type: permissions.kind,
    account_mode: accountMode,
    ip_restricted: permissions.ipRestricted,
    check_token: token,
    expires_at: expiresAt.toISOString(),
  };
}
