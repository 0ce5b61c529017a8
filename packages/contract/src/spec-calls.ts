/**
 * The calls of the spec's §7 (`../shared/product-spec.md`, "The calls it makes"), written out as
 * data: method and path under its base (v1 `/api/v1`, v2 `/api/web/v2`, v4 `/api/web/v4`). Where
 * §7 names a path without its method, the method is the one its sentence implies. A test holds
 * this list against the OpenAPI document at /api/docs, with a short allow-list of calls whose
 * issue is still open.
 */
export interface SpecCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  path: string;
}

const V1 = '/api/v1';
const V4 = '/api/web/v4';

/** "GET, POST /a, /b" → every method × every path, under a base. */
function calls(base: string, methods: string, paths: string): SpecCall[] {
  const list = methods.split(/[\s,]+/).filter(Boolean) as SpecCall['method'][];
  return paths
    .split(/[\s,]+/)
    .filter(Boolean)
    .flatMap((path) => list.map((method) => ({ method, path: base + path })));
}

export const SPEC_CALLS: readonly SpecCall[] = [
  // Auth and user.
  ...calls(V1, 'POST', '/register /invite-register /login /email-code /email-mfa/verify /logout'),
  ...calls(V1, 'GET POST', '/captcha /user/mfa-info /asset-show'),
  ...calls(V1, 'GET PATCH', '/user/base-info'),
  ...calls(V1, 'POST', '/reset-password /forget-password /user/anti-fishing-code /user/force-logout'),
  ...calls(V1, 'GET PUT', '/user-profile/email-notifications'),
  ...calls(V1, 'GET', '/user/login-history'),
  ...calls(V1, 'POST', '/organization/user-risk'),
  // Config.
  ...calls('/api/web/v2', 'GET', '/web-config'),
  ...calls(V1, 'GET POST', '/language'),
  // Organization.
  ...calls(V1, 'GET POST PATCH', '/organization'),
  ...calls(V1, 'GET PUT DELETE', '/organization/member'),
  ...calls(V1, 'GET', '/organization/base-info /organization/mfa /organization/wallets'),
  ...calls(V1, 'PUT', '/organization/wallets /organization/settings'),
  ...calls(
    V1,
    'POST',
    '/organization/reinvite /organization/enter /organization/invite /organization/member/enter /organization/join',
  ),
  ...calls(V1, 'GET', '/organization/invite /organization/org-invite-info /wallets/vip-expired-list'),
  // Transfers and tasks.
  ...calls(V1, 'GET', '/transfer/list /transfer/list/export /transfer/info'),
  ...calls(V1, 'PATCH', '/transfer/remark /transfer/cost-price'),
  ...calls(
    V1,
    'POST',
    '/task /task/wallet-init /task/one-to-many /task/pre-signature /task/dapp-create /task/approve /task/revoke /task/tracer',
  ),
  ...calls(V1, 'GET', '/task/info /task/dapp /task/schedule'),
  ...calls(V1, 'GET POST', '/sign /sign/hmac'),
  ...calls(V1, 'POST', '/broadcast /broadcast-create /sol-sign-create'),
  ...calls(
    V1,
    'GET',
    '/broadcast-schedule /wallets/broadcast-user /wallets/list-for-task /wallets/utxos /wallets/xrp/status /address/tag',
  ),
  // Fees.
  ...calls(
    V1,
    'POST',
    '/fee/estimate /fee/estimate-one-to-many /fee/estimate/max /fee/single-estimate /fee/dapp-estimate /fee/dapp-estimate/cancel-approve /fee/pre-signature /fee/sol-sign-estimate /fee/deploy-estimate',
  ),
  ...calls(V1, 'GET', '/fee/utxo-fee-rate'),
  // Wallets.
  ...calls(V1, 'GET POST DELETE', '/wallets'),
  ...calls(V1, 'GET', '/wallets/simple /wallets/archive /wallets/base-info'),
  ...calls(V1, 'POST', '/wallets/single /wallets/verify /wallets/multi /wallets/multi-permission'),
  ...calls(V1, 'DELETE', '/wallets/multi /wallets/single'),
  ...calls(
    V1,
    'GET',
    '/wallets/exist /wallets/address /wallets/available-user /wallets/status /wallets/schedule /wallets/have-upcoming-task',
  ),
  ...calls(
    V1,
    'PUT',
    '/wallets/operator /wallets/approver /wallets/viewer /wallets/risk-control-user /wallets/open-whitelist /wallets/open-asset-tag',
  ),
  ...calls(V1, 'POST', '/wallets/name /wallets/small-amount-test /wallets/bitcoin/check'),
  ...calls(
    V1,
    'GET',
    '/wallets/small-amount-test-volume /wallets/tron/status /wallets/initialization/volume /wallets/custom-token /wallets/token',
  ),
  ...calls(V1, 'POST', '/wallets/custom-token'),
  ...calls(V1, 'POST', '/wallets/payment/switch /wallets/payment/binding /wallets/payment/generate'),
  ...calls(V1, 'GET', '/wallets/payment/changeable /wallets/payment/list'),
  ...calls(
    V1,
    'GET',
    '/wallets/total-asset /wallets/statistics /wallets/num /wallets/asset-info /wallets/asset-info/export',
  ),
  ...calls(V1, 'GET POST', '/wallets/dapp'),
  ...calls(V1, 'POST', '/wallets/dapp/approve /dapp/favorite /dapp/parse'),
  ...calls(V1, 'GET', '/dapp/type /dapp'),
  ...calls(
    V1,
    'POST',
    '/task/dapp-approve-cancel /wallet-deploy-broadcast-create /wallet-sol-deploy-broadcast-create /broadcast-wallet-deploy',
  ),
  ...calls(
    V1,
    'GET',
    '/balance /currency/exchange-rate /addr-type /chain-list /permission-address/wallet-sign-user /permission-address/protocol',
  ),
  // Exchange (v4).
  ...calls(V4, 'GET POST DELETE', '/wallets/exchange'),
  ...calls(V4, 'POST', '/wallets/exchange/check'),
  ...calls(
    V4,
    'GET',
    '/wallets/exchange/asset-info /wallets/exchange/asset-info/export /wallets/exchange/asset-total /wallets/exchange/asset-total/export /wallets/exchange/deposit-withdrawal /wallets/exchange/deposit-withdrawal/export',
  ),
  ...calls(
    V4,
    'GET',
    '/ip-config /escrow /escrow/symbol /escrow/audit-logs /escrow/audit-logs/export /escrow/api-keys/info',
  ),
  ...calls(V4, 'GET POST PATCH DELETE', '/escrow/api-keys'),
  ...calls(V4, 'GET POST DELETE', '/escrow/risk-control-rules'),
  ...calls(V4, 'PATCH', '/escrow/risk-control-rules/lever'),
  ...calls(V4, 'GET POST', '/escrow/risk-control-rules/settings /escrow/settings'),
  // Labels (scene_type Company).
  ...calls(V1, 'GET', '/label-transfer /label-category/tree /label-config/tree /label-record'),
  ...calls(V1, 'GET POST PUT', '/label-config'),
  ...calls(V1, 'POST', '/label/set'),
];
