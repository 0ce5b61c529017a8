import { useNavigate } from 'react-router';
import { Card, Col, Row, Typography } from 'antd';
import { ApiOutlined, ImportOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WalletDraft } from './draft';

/**
 * Step 1: multi-signature (Safe), import a single-signature address, or connect an exchange API
 * account (its own wizard, on the exchange accounts' page).
 */
export function StepType({ onChoose }: { onChoose: (kind: WalletDraft['kind']) => void }) {
  const { t } = useTranslation('wallets');
  const navigate = useNavigate();
  const choose = (kind: WalletDraft['kind'] | 'exchange') =>
    kind === 'exchange' ? void navigate('/wallet/exchange-wallet?add=1') : onChoose(kind);
  const option = (kind: WalletDraft['kind'] | 'exchange', icon: React.ReactNode) => (
    <Col xs={24} md={8}>
      <Card
        hoverable
        // A choice by keyboard too: Tab to the card, Enter or Space chooses it.
        role="button"
        tabIndex={0}
        onClick={() => choose(kind)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          choose(kind);
        }}
        data-testid={`wallet-type-${kind}`}
        style={{ height: '100%' }}
      >
        <div style={{ fontSize: 28, color: '#1f4fd1', marginBottom: 8 }}>{icon}</div>
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {t(`create.type.${kind}.title`)}
        </Typography.Title>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t(`create.type.${kind}.description`)}
        </Typography.Paragraph>
      </Card>
    </Col>
  );
  return (
    <Row gutter={[16, 16]}>
      {option('multi', <TeamOutlined />)}
      {option('single', <ImportOutlined />)}
      {option('exchange', <ApiOutlined />)}
    </Row>
  );
}
