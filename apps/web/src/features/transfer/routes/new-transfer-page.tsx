import { TransferWizard } from '../components/wizard/transfer-wizard';

/** /wallet/transfer (operators): the transfer wizard. */
export default function NewTransferPage() {
  return <TransferWizard />;
}
