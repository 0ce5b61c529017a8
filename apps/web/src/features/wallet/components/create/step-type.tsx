import { Card, Col, Row, Typography } from 'antd';
import { ImportOutlined, TeamOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WalletDraft } from './draft';

/** Step 1: multi-signature (Safe) or import a single-signature address. */
export function StepType({ onChoose }: { onChoose: (kind: WalletDraft['kind']) => void }) {
  const { t } = useTranslation('wallets');
  const option = (kind: WalletDraft['kind'], icon: React.ReactNode) => (
    <Col xs={24} md={12}>
      <Card
        hoverable
        // A choice by keyboard too: Tab to the card, Enter or Space chooses it.
        role="button"
        tabIndex={0}
        onClick={() => onChoose(kind)}
        onKeyDown={(event) => {
          if (event.key !== 'Enter' && event.key !== ' ') return;
          event.preventDefault();
          onChoose(kind);
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
    </Row>
  );
}
