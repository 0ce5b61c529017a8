import { useLocation } from 'react-router';
import { RegisterCard } from '../components/register-card';

interface InviteState {
  email?: string;
  org_invite_token?: string;
  organization_id?: string | number;
  organization_name?: string;
  role?: number;
}

/** /register; an organisation invitation may arrive through navigation state (§2 invitation variant). */
export default function RegisterPage() {
  const state = (useLocation().state ?? {}) as InviteState;
  return (
    <RegisterCard
      email={state.email}
      inviteToken={state.org_invite_token}
      organizationId={state.organization_id}
      organizationName={state.organization_name}
      inviteRole={state.role}
    />
  );
}
