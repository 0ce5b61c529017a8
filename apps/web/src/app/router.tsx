import { Navigate, type RouteObject } from 'react-router';
import { RootRoute } from './root-route';
import { RequireAuth } from './guards/require-auth';
import { RequireSpace } from './guards/require-space';
import { RequireRole } from './guards/require-role';
import { InviteLayout } from './guards/invite-layout';
import { PublicLayout } from './layouts/public-layout';
import { DappLayout } from './layouts/dapp-layout';
import { lazyPage } from './lazy-page';

const page = {
  login: lazyPage(() => import('@/features/auth/routes/login-page')),
  loginEmail: lazyPage(() => import('@/features/auth/routes/login-email-page')),
  loginMfa: lazyPage(() => import('@/features/auth/routes/login-mfa-page')),
  forgot: lazyPage(() => import('@/features/auth/routes/forgot-password-page')),
  forgotMfa: lazyPage(() => import('@/features/auth/routes/forgot-password-mfa-page')),
  forgotNew: lazyPage(() => import('@/features/auth/routes/forgot-password-new-page')),
  register: lazyPage(() => import('@/features/auth/routes/register-page')),
  dapp: lazyPage(() => import('@/features/dapp/routes/dapp-page')),
  mobile: lazyPage(() => import('@/features/mobile/routes/mobile-page')),
  mainLayout: lazyPage(() => import('./layouts/main-layout')),
  organizations: lazyPage(() => import('@/features/organization/routes/organization-list-page')),
  inviteConfirm: lazyPage(() => import('@/features/organization/routes/invite-confirm-page')),
  spaceSettings: lazyPage(() => import('@/features/organization/routes/space-settings-page')),
  account: lazyPage(() => import('@/features/account/routes/account-page')),
  createWallet: lazyPage(() => import('@/features/wallet/routes/create-wallet-page')),
  wallets: lazyPage(() => import('@/features/wallet/routes/wallet-list-page')),
  multiWallets: lazyPage(() => import('@/features/wallet/routes/multi-wallet-list-page')),
  exchangeWallets: lazyPage(() => import('@/features/exchange/routes/exchange-list-page')),
  exchangeDetail: lazyPage(() => import('@/features/exchange/routes/exchange-detail-page')),
  archive: lazyPage(() => import('@/features/wallet/routes/wallet-archive-page')),
  newTransfer: lazyPage(() => import('@/features/transfer/routes/new-transfer-page')),
  batchTransfer: lazyPage(() => import('@/features/transfer/routes/batch-transfer-page')),
  preSignedTransfer: lazyPage(() => import('@/features/transfer/routes/pre-signed-page')),
  transferDraft: lazyPage(() => import('@/features/wallet/routes/transfer-draft-page')),
  walletDetail: lazyPage(() => import('@/features/wallet/routes/wallet-detail-page')),
  addressBook: lazyPage(() => import('@/features/address-book/routes/address-book-page')),
  payment: lazyPage(() => import('@/features/payment/routes/payment-page')),
  permissionAddress: lazyPage(() => import('@/features/permission-address/routes/permission-address-page')),
  transfers: lazyPage(() => import('@/features/transfer/routes/transfer-list-page')),
  transferDetail: lazyPage(() => import('@/features/transfer/routes/transfer-detail-page')),
  auditLog: lazyPage(() => import('@/features/audit-log/routes/audit-log-page')),
  transferPolicy: lazyPage(() => import('@/features/transfer-policy/routes/transfer-policy-page')),
  asset: lazyPage(() => import('@/features/asset/routes/asset-page')),
};

/** Routes of §2. Redirects sit outside the guards so "/ → /wallet → /login" happens in that order. */
export const routes: RouteObject[] = [
  {
    element: <RootRoute />,
    children: [
      {
        element: <PublicLayout />,
        children: [
          { path: 'login', element: page.login },
          { path: 'login/email', element: page.loginEmail },
          { path: 'login/mfa', element: page.loginMfa },
          { path: 'forgot-password', element: page.forgot },
          { path: 'forgot-password/mfa', element: page.forgotMfa },
          { path: 'forgot-password/new-password', element: page.forgotNew },
          { path: 'register', element: page.register },
        ],
      },
      { path: 'dapp', element: <DappLayout />, children: [{ index: true, element: page.dapp }] },
      // §1 the companion phone signer: its own phone-first frame, outside the signed-in guard.
      { path: 'mobile', element: page.mobile },
      { index: true, element: <Navigate to="/wallet" replace /> },
      { path: 'task', element: <Navigate to="/transfer" replace /> },
      {
        path: 'organization/invite-confirm',
        element: <InviteLayout mainLayout={page.mainLayout} />,
        children: [{ index: true, element: page.inviteConfirm }],
      },
      {
        element: <RequireAuth />,
        children: [
          {
            element: page.mainLayout,
            children: [
              { path: 'organization', element: page.organizations },
              {
                element: <RequireSpace allowNoWallets rememberedSpace />,
                children: [
                  {
                    element: <RequireRole need="privileged" />,
                    children: [{ path: 'organization/settings', element: page.spaceSettings }],
                  },
                ],
              },
              {
                // The audit log records space changes (members, settings), which exist before wallets do.
                element: <RequireSpace allowNoWallets />,
                children: [
                  {
                    element: <RequireRole need="privileged" />,
                    children: [
                      { path: 'audit-log', element: page.auditLog },
                      { path: 'settings/transfer-policy', element: page.transferPolicy },
                    ],
                  },
                ],
              },
              { path: 'account', element: page.account },
              { path: 'permission-address', element: page.permissionAddress },
              {
                // An exchange account may be a space's first "wallet": its list (and the add wizard) open without one.
                element: <RequireSpace allowNoWallets />,
                children: [
                  { path: 'multiple-wallet', element: page.createWallet },
                  { path: 'wallet/exchange-wallet', element: page.exchangeWallets },
                ],
              },
              {
                element: <RequireSpace />,
                children: [
                  { path: 'wallet', element: page.wallets },
                  { path: 'wallet/multiple-wallet', element: page.multiWallets },
                  { path: 'wallet/exchange-wallet/:id', element: page.exchangeDetail },
                  { path: 'wallet/transfer/:id', element: page.transferDraft },
                  { path: 'wallet/detail/:id', element: page.walletDetail },
                  { path: 'address-book', element: page.addressBook },
                  { path: 'payment', element: page.payment },
                  { path: 'transfer', element: page.transfers },
                  { path: 'task/:id', element: page.transferDetail },
                  { path: 'task/detail/:id', element: page.transferDetail },
                  { path: 'asset', element: page.asset },
                  {
                    element: <RequireRole need="privileged" />,
                    children: [{ path: 'wallet/archive', element: page.archive }],
                  },
                  {
                    element: <RequireRole need="operator" />,
                    children: [
                      { path: 'wallet/transfer', element: page.newTransfer },
                      { path: 'wallet/transfer/batch', element: page.batchTransfer },
                      { path: 'wallet/transfer/pre-signed', element: page.preSignedTransfer },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
      { path: '*', element: <Navigate to="/" replace /> },
    ],
  },
];
