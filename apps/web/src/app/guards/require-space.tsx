import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useOrganizationBaseInfo } from '@/features/organization';
import { PageSpinner } from '@/components/ui/page-spinner';
import { clearSelectedSpace, rememberedSpaceId, selectSpace, useSelectedSpaceId } from '@/lib/space';

/**
 * §2 Guards: routes needing a space go to /organization when no space is selected, or when it has
 * no wallets (unless `allowNoWallets`, e.g. /multiple-wallet). With `rememberedSpace` the last
 * entered space (cookie) is reopened when this tab has none selected (/organization/settings).
 */
export function RequireSpace({
  allowNoWallets = false,
  rememberedSpace = false,
}: {
  allowNoWallets?: boolean;
  rememberedSpace?: boolean;
}) {
  const selected = useSelectedSpaceId();
  const spaceId = selected ?? (rememberedSpace ? rememberedSpaceId() : null);
  const info = useOrganizationBaseInfo(spaceId);

  useEffect(() => {
    if (!selected && spaceId && info.data) selectSpace(spaceId);
  }, [selected, spaceId, info.data]);

  useEffect(() => {
    if (selected && info.isError) clearSelectedSpace();
  }, [selected, info.isError]);

  if (!spaceId) return <Navigate to="/organization" replace />;
  if (info.isPending) return <PageSpinner />;
  if (info.isError) return <Navigate to="/organization" replace />;
  if (!allowNoWallets && info.data.wallet_count < 1) return <Navigate to="/organization" replace />;
  return <Outlet />;
}
