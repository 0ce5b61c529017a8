import { SecondFactorForm } from '../components/second-factor-form';

/** /login/mfa: the authenticator code. */
export default function LoginMfaPage() {
  return <SecondFactorForm kind="totp" />;
}
