import { useState } from 'react';
import { Alert, Button, Descriptions, Modal, Typography } from 'antd';
import { formatClientMessage } from '@keystead/contract/errors/client-messages';
import { currentLanguage } from '@/lib/i18n';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { Proposal } from '../walletconnect/wallet-side';
import { proposedChains } from '../walletconnect/wc-requests';
import type { SafeEntry } from '../walletconnect/use-wallet-connect';

/**
 * A Dapp asks to connect: who it says it is (WalletConnect's verify service is not consulted, so
 * its address is its own claim), which Safe it would see and on which chain, and what it asks for.
 * A Dapp that requires another chain cannot be approved.
 */
export function ProposalModal(props: {
  proposal: Proposal;
  safe: SafeEntry;
  onApprove: () => Promise<void>;
  onReject: () => void;
}) {
  const { t } = useLazyTranslation('dapp');
  const [approving, setApproving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const { proposer } = props.proposal.params;
  const chain = `eip155:${props.safe.chainId}`;
  // WalletConnect now sends every chain as optional: the Safe must be on one of them.
  const asked = proposedChains(props.proposal.params);
  const mismatch = !asked.includes(chain);

  const approve = async () => {
    setApproving(true);
    setError(null);
    try {
      await props.onApprove();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setApproving(false);
    }
  };

  return (
    <Modal
      open
      title={t('wc.proposalTitle', { name: proposer.metadata.name })}
      maskClosable={false}
      onCancel={props.onReject}
      footer={[
        <Button key="reject" onClick={props.onReject} disabled={approving} data-testid="wc-reject">
          {t('wc.reject')}
        </Button>,
        <Button
          key="approve"
          type="primary"
          onClick={approve}
          loading={approving}
          disabled={mismatch}
          data-testid="wc-approve"
        >
          {t('wc.approve')}
        </Button>,
      ]}
    >
      <div data-testid="wc-proposal">
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('wc.dapp')}>
            {proposer.metadata.name}
            <br />
            <Typography.Text type="secondary">{proposer.metadata.url}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('wc.safe')}>
            {props.safe.name}
            <br />
            <Typography.Text code>{props.safe.address}</Typography.Text>
          </Descriptions.Item>
          <Descriptions.Item label={t('wc.chain')}>{chain}</Descriptions.Item>
          <Descriptions.Item label={t('wc.asks')}>
            {asked.length ? asked.join(', ') : t('wc.noRequired')}
          </Descriptions.Item>
        </Descriptions>
        <Alert style={{ marginTop: 12 }} type="info" showIcon message={t('wc.unverified')} />
        {mismatch ? (
          <Alert
            style={{ marginTop: 12 }}
            type="error"
            showIcon
            data-testid="wc-chain-mismatch"
            message={formatClientMessage('dapp_chain_mismatch', currentLanguage())}
          />
        ) : null}
        {error ? (
          <Alert
            style={{ marginTop: 12 }}
            type="error"
            showIcon
            data-testid="wc-approve-error"
            message={error}
          />
        ) : null}
      </div>
    </Modal>
  );
}
