import { Alert, Typography } from 'antd';
import {
  CheckCircleFilled,
  CloseCircleFilled,
  LoadingOutlined,
  MinusCircleOutlined,
  QuestionCircleOutlined,
} from '@ant-design/icons';
import { useLazyTranslation } from '@/lib/use-namespace';
import { stepViews, type CheckState, type StepView } from './check-state';

const ICON: Record<StepView, React.ReactNode> = {
  idle: <QuestionCircleOutlined style={{ color: 'rgba(0,0,0,0.35)' }} />,
  running: <LoadingOutlined style={{ color: '#1f4fd1' }} />,
  passed: <CheckCircleFilled style={{ color: '#389e0d' }} />,
  failed: <CloseCircleFilled style={{ color: '#cf1322' }} />,
  skipped: <MinusCircleOutlined style={{ color: 'rgba(0,0,0,0.45)' }} />,
};

const STATUS_COLOR: Record<StepView, string> = {
  idle: 'rgba(0,0,0,0.55)',
  running: '#1f4fd1',
  passed: '#237804',
  failed: '#a8071a',
  skipped: 'rgba(0,0,0,0.55)',
};

/**
 * The connectivity check's four steps (§4: API validity, network, permissions, account info),
 * each passed, failed or skipped; the failed one carries the exchange's refusal in the
 * catalogue's words (the reply's message).
 */
export function CheckSteps({ state }: { state: CheckState }) {
  const { t } = useLazyTranslation('exchange');
  const steps = stepViews(state);
  return (
    <div data-testid="exchange-check" data-state={state.kind}>
      {state.kind === 'failed' && state.steps === null ? (
        <Alert
          type="error"
          showIcon
          style={{ marginBottom: 12 }}
          message={t('check.refused')}
          description={state.message}
          data-testid="exchange-check-refused"
        />
      ) : null}
      <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {steps.map(({ step, view }, index) => (
          <li
            key={step}
            data-testid={`exchange-check-step-${step}`}
            data-status={view}
            style={{
              display: 'flex',
              gap: 10,
              padding: '10px 0',
              borderTop: index === 0 ? 'none' : '1px solid rgba(0,0,0,0.06)',
            }}
          >
            <span style={{ fontSize: 18, lineHeight: '22px' }} aria-hidden>
              {ICON[view]}
            </span>
            <div style={{ flex: 1, minWidth: 0 }}>
              <div style={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 8 }}>
                <Typography.Text strong>
                  {index + 1}. {t(`check.steps.${step}.title`)}
                </Typography.Text>
                <span
                  style={{ color: STATUS_COLOR[view], fontWeight: 500 }}
                  data-testid="exchange-check-step-status"
                >
                  {t(`check.status.${view}`)}
                </span>
              </div>
              <Typography.Text type="secondary" style={{ fontSize: 13 }}>
                {t(`check.steps.${step}.hint`)}
              </Typography.Text>
              {view === 'failed' && state.kind === 'failed' ? (
                <div
                  role="alert"
                  data-testid="exchange-check-step-message"
                  style={{
                    marginTop: 6,
                    padding: '6px 10px',
                    background: '#fff1f0',
                    border: '1px solid #ffccc7',
                    borderRadius: 6,
                    color: '#a8071a',
                    overflowWrap: 'anywhere',
                  }}
                >
                  {state.message}
                </div>
              ) : null}
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
