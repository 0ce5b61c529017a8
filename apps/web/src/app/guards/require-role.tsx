import { Navigate, Outlet } from 'react-router';
import { isPrivileged, useOrganizationBaseInfo } from '@/features/organization';
import { PageSpinner } from '@/components/ui/page-spinner';
import { rememberedSpaceId, useSelectedSpaceId } from '@/lib/space';

/** §2 Guards: privileged-only (Creator/Admin) or operator-only failures go to /wallet. */
export function RequireRole({ need }: { need: 'privileged' | 'operator' }) {
  const spaceId = useSelectedSpaceId() ?? rememberedSpaceId();
  const info = useOrganizationBaseInfo(spaceId);
  if (!spaceId || info.isError) return <Navigate to="/wallet" replace />;
  if (info.isPending) return <PageSpinner />;
  const allowed = need === 'privileged' ? isPrivileged(info.data) : info.data.is_operator;
  return allowed ? <Outlet /> : <Navigate to="/wallet" replace />;
}
