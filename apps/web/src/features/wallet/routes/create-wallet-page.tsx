import { CreateWalletWizard } from '../components/create/create-wallet-wizard';

/** /multiple-wallet: add a wallet to the selected space (allowed while it has none). */
export default function CreateWalletPage() {
  return <CreateWalletWizard />;
}
