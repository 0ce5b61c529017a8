import {
  PLAN_EXCHANGE_APIS,
  PLANS,
  TRIAL_EXCHANGE_APIS,
  isTrialSpace,
  type ExchangeApiInput,
} from '@keystead/contract';
import type { Db } from '../../db/database';
import type { Organization } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { effectivePlan } from '../spaces/space-presenter';
import { countSpaceExchangeAccounts, keyInUse } from './exchange-repository';
import { keyFingerprint } from './exchange-secrets';
import { exchangeSpec, type ExchangeSpec } from './exchange-table';

/**
 * One more exchange API for this space (§1, §6, §9): the trial edition allows 1; the full edition
 * needs a paid plan (§6 "exchange adding needs a paid plan") and stays within its plan's count.
 */
export async function assertExchangeAllowed(db: Db, organization: Organization): Promise<void> {
  const count = await countSpaceExchangeAccounts(db, organization.id);
  if (isTrialSpace(organization.type)) {
    if (count >= TRIAL_EXCHANGE_APIS) throw new AppError('LIMIT_TRIAL_ERROR');
    return;
  }
  const plan = effectivePlan(organization);
  if (!PLANS[plan].paidFeatures) throw new AppError('PERMISSION_PAID_PLAN_ERROR');
  const max = PLAN_EXCHANGE_APIS[plan];
  if (count >= max) throw new AppError('LIMIT_EXCHANGE_APIS_ERROR', { max });
}

/**
 * The input's own rules, before the exchange is asked (the check's API-validity step): a supported
 * exchange, its passphrase when it has one, an IP whitelist only where the exchange has one, and a
 * key not added yet.
 */
export async function checkInput(db: Db, input: ExchangeApiInput): Promise<ExchangeSpec> {
  const spec = exchangeSpec(input.exchange);
  if (!spec) throw new AppError('EXCHANGE_UNSUPPORTED_ERROR');
  if (spec.passphrase && !input.passphrase) throw new AppError('EXCHANGE_PASSPHRASE_REQUIRED_ERROR');
  if (input.ip_whitelist && !spec.ipWhitelist) throw new AppError('EXCHANGE_IP_WHITELIST_UNSUPPORTED_ERROR');
  if (await keyInUse(db, keyFingerprint(spec.id, input.api_key)))
    throw new AppError('EXCHANGE_API_EXISTS_ERROR');
  return spec;
}
