import { CreateWalletWizard } from '../components/create/create-wallet-wizard';

/** /wallet/multiple-wallet: create a multi-signature wallet or import a single one (the same wizard as /multiple-wallet). */
export default function MultiWalletListPage() {
  return <CreateWalletWizard />;
}
