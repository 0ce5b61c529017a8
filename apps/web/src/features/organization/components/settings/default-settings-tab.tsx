import { useState } from 'react';
import { Alert, Button, Card, List, Space as Stack, Switch, Tag, Typography } from 'antd';
import { CheckCircleFilled, LoadingOutlined, WarningFilled } from '@ant-design/icons';
import { isApiError } from '@/lib/api-client';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useEnvironmentScan, type ScanResult } from '../../api/environment-scan';
import { useUpdateSpaceSettings, type SpaceSettingsInput } from '../../api/update-settings';
import type { Space } from '../../api/types';
import { isTrial } from '../../space-roles';
import { LimitModal, type LimitInfo } from '../limit-modal';

/** Default settings: approval verification, testnet (fixed on in the experience edition), dapp, environment scan. */
export function DefaultSettingsTab({ space }: { space: Space }) {
  const { t } = useLazyTranslation('spaces');
  const update = useUpdateSpaceSettings(space.organization_id);
  const scan = useEnvironmentScan(space.organization_id);
  const [pending, setPending] = useState<keyof SpaceSettingsInput | null>(null);
  const [result, setResult] = useState<ScanResult | null>(null);
  const [limit, setLimit] = useState<LimitInfo | null>(null);
  const trial = isTrial(space);

  const change = (key: keyof SpaceSettingsInput, value: boolean) => {
    setPending(key);
    update.mutate(
      { [key]: value },
      {
        onSuccess: () => toastSuccess(t('defaults.saved')),
        onError: (error) => {
          if (isApiError(error, 'FEATURE_NOT_SUPPORTED_ERROR') && key === 'enable_testnet')
            setLimit({ code: 'LIMIT_TRIAL_ERROR' });
        },
        onSettled: () => setPending(null),
      },
    );
  };

  const row = (
    key: keyof SpaceSettingsInput,
    checked: boolean,
    title: string,
    text: string,
    disabled = false,
  ) => (
    <List.Item
      extra={
        <Switch
          checked={checked}
          disabled={disabled}
          loading={pending === key}
          onChange={(value) => change(key, value)}
          data-testid={`toggle-${key}`}
        />
      }
    >
      <List.Item.Meta title={title} description={text} />
    </List.Item>
  );

  const state = scan.isPending ? 'scanning' : (result?.environment_scan ?? null);
  return (
    <Stack direction="vertical" size={16} style={{ width: '100%' }} data-testid="defaults-tab">
      <Card size="small">
        <List itemLayout="horizontal">
          {row('enable_approve_mfa', space.is_open_approve, t('defaults.approve'), t('defaults.approveText'))}
          {row(
            'enable_testnet',
            space.is_open_testnet,
            t('defaults.testnet'),
            trial ? t('defaults.testnetTrial') : t('defaults.testnetText'),
            trial,
          )}
          {row('enable_dapp', space.is_open_dapp, t('defaults.dapp'), t('defaults.dappText'))}
        </List>
      </Card>
      <Card
        size="small"
        title={t('defaults.scan')}
        extra={
          <Button
            type="primary"
            loading={scan.isPending}
            onClick={() =>
              scan.mutate(undefined, { onSuccess: setResult, onError: (error) => void showErrorToast(error) })
            }
            data-testid="scan-run"
          >
            {result ? t('defaults.scanAgain') : t('defaults.scanRun')}
          </Button>
        }
        data-testid="scan-card"
      >
        <Typography.Paragraph type="secondary">{t('defaults.scanText')}</Typography.Paragraph>
        {state === 'scanning' ? (
          <Tag icon={<LoadingOutlined />} color="processing" data-testid="scan-state">
            {t('defaults.scanning')}
          </Tag>
        ) : state === 'secure' ? (
          <Alert
            type="success"
            showIcon
            icon={<CheckCircleFilled />}
            message={t('defaults.secure')}
            data-testid="scan-state"
          />
        ) : state === 'error' && result ? (
          <Alert
            type="error"
            showIcon
            icon={<WarningFilled />}
            message={t('defaults.error')}
            data-testid="scan-state"
            description={
              <ul style={{ margin: 0, paddingInlineStart: 18 }} data-testid="scan-findings">
                {result.findings.map((finding) => (
                  <li key={finding.code}>
                    <strong>{t(`defaults.findings.${finding.code}`, { defaultValue: finding.code })}</strong>
                    {finding.detail ? `: ${finding.detail}` : null}
                  </li>
                ))}
              </ul>
            }
          />
        ) : (
          <Typography.Text type="secondary">
            {t('defaults.notScanned', { state: t(`defaults.states.${space.environment_scan}`) })}
          </Typography.Text>
        )}
      </Card>
      <LimitModal limit={limit} space={space} onClose={() => setLimit(null)} />
    </Stack>
  );
}
