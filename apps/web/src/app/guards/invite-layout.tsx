import type { ReactNode } from 'react';
import { useStoredUser } from '@/lib/session';
import { PublicLayout } from '../layouts/public-layout';

/**
 * /organization/invite-confirm is open to everybody: a signed-in user sees it in the main frame,
 * a visitor in the public frame (the page then sends them to /login or to the invitation register).
 */
export function InviteLayout({ mainLayout }: { mainLayout: ReactNode }) {
  const user = useStoredUser();
  return user ? mainLayout : <PublicLayout />;
}
