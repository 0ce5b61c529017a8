import { Button, Card, Col, Modal, Row, Typography } from 'antd';
import { ExperimentOutlined, SafetyOutlined } from '@ant-design/icons';
import { useLazyTranslation } from '@/lib/use-namespace';
import type { Edition } from '../api/types';

/** §2 welcome window for a user without a space: start with the experience (testnet) or formal edition. */
export function WelcomeModal({
  open,
  onChoose,
  onClose,
}: {
  open: boolean;
  onChoose: (edition: Edition) => void;
  onClose: () => void;
}) {
  const { t } = useLazyTranslation('spaces');
  const option = (edition: Edition, icon: React.ReactNode) => (
    <Col xs={24} sm={12}>
      <Card
        hoverable
        style={{ height: '100%' }}
        styles={{ body: { display: 'flex', flexDirection: 'column', gap: 8, height: '100%' } }}
        onClick={() => onChoose(edition)}
        data-testid={`welcome-${edition}`}
      >
        <div style={{ fontSize: 28, color: '#1f4fd1' }}>{icon}</div>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t(`edition.${edition}Title`)}
        </Typography.Title>
        <Typography.Text type="secondary" style={{ flex: 1 }}>
          {t(`edition.${edition}Text`)}
        </Typography.Text>
        <Button type={edition === 'formal' ? 'primary' : 'default'} block>
          {t('welcome.choose', { edition: t(`edition.${edition}`) })}
        </Button>
      </Card>
    </Col>
  );
  return (
    <Modal
      open={open}
      onCancel={onClose}
      width={640}
      title={t('welcome.title')}
      footer={
        <Button type="link" onClick={onClose}>
          {t('welcome.later')}
        </Button>
      }
      data-testid="welcome-modal"
    >
      <Typography.Paragraph type="secondary">{t('welcome.text')}</Typography.Paragraph>
      <Row gutter={[16, 16]}>
        {option('experience', <ExperimentOutlined />)}
        {option('formal', <SafetyOutlined />)}
      </Row>
    </Modal>
  );
}
