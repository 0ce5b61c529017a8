import { SecondFactorForm } from '../components/second-factor-form';

/** /login/email: the e-mailed code. */
export default function LoginEmailPage() {
  return <SecondFactorForm kind="email" />;
}
