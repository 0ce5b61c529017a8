import { useState } from 'react';
import {
  Button,
  Card,
  Col,
  Empty,
  Form,
  Grid,
  Input,
  InputNumber,
  Modal,
  Row,
  Space,
  Statistic,
  Switch,
  Table,
  Tag,
  Tooltip,
  Typography,
} from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import { HIDE_SMALL_ASSET_USD } from '@keystead/contract/limits';
import { toastSuccess } from '@/lib/notify';
import { isTronAddress } from '@/lib/tron-address';
import { useChainFamily } from '../../api/list-chains';
import { useWalletAssets } from '../../api/get-wallet-assets';
import { useRefreshBalance } from '../../api/refresh-balance';
import type { AssetLine } from '../../api/types';
import { addCustomToken, useWalletMutation } from '../../api/update-wallet-settings';
import { AddressText, formatAmount, formatUsd } from '../wallet-bits';
import { QueryError } from '@/components/ui/query-error';
import { KnownTokens } from './known-tokens';

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

/** Value below the §9 "hide small assets" line (1 USD); a token without a price is never hidden. */
const isSmall = (line: AssetLine) => line.value !== null && Number(line.value) < HIDE_SMALL_ASSET_USD;

/** Assets tab: per-token lines (2-decimal display, exact amount on hover), refresh, hide small, custom tokens. */
export function AssetsTab(props: { walletId: number; chainKey: string; canEdit: boolean }) {
  const { walletId, canEdit } = props;
  const { t } = useTranslation('wallets');
  const screens = Grid.useBreakpoint();
  const assets = useWalletAssets(walletId);
  const refresh = useRefreshBalance(walletId);
  const [hideSmall, setHideSmall] = useState(false);
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<{ contract: string; symbol?: string; decimals?: number }>();
  const addToken = useWalletMutation(walletId, addCustomToken);
  const lines = (assets.data?.detail ?? []).filter((line) => !hideSmall || !isSmall(line));
  // Tron tokens (TRC20) live at T… addresses; everywhere else a token is an EVM contract.
  const tron = useChainFamily(props.chainKey) === 'TRX';

  const submitToken = async () => {
    const values = await form.validateFields();
    await addToken.mutateAsync({
      wallet_id: walletId,
      contract: values.contract.trim(),
      symbol: values.symbol?.trim() || undefined,
      decimals: values.decimals ?? undefined,
    });
    toastSuccess(t('assets.tokenAdded'));
    form.resetFields();
    setAdding(false);
  };

  return (
    <div data-testid="wallet-assets">
      {assets.isError && !assets.data ? (
        // A failed request is said as such: never "$0.00" and "no assets".
        <div style={{ marginBottom: 16 }}>
          <QueryError
            title={t('assets.loadError')}
            error={assets.error}
            onRetry={() => assets.refetch()}
            retrying={assets.isFetching}
            testId="wallet-assets-error"
          />
        </div>
      ) : null}
      {assets.isError && !assets.data ? null : (
        <Row gutter={[screens.sm ? 16 : 8, 16]} style={{ marginBottom: 16 }}>
          {(['amount', 'available_amount', 'lock_amount'] as const).map((field) => (
            <Col xs={8} key={field}>
              <Card size="small" styles={{ body: screens.sm ? undefined : { padding: 8 } }}>
                <Statistic
                  title={
                    <span style={{ fontSize: screens.sm ? undefined : 12 }}>{t(`assets.${field}`)}</span>
                  }
                  value={formatUsd(assets.data?.[field] ?? '0')}
                  valueStyle={{ fontSize: screens.sm ? 24 : 15 }}
                  loading={assets.isPending}
                  data-testid={`assets-${field}`}
                />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      <div
        style={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 12,
          alignItems: 'center',
          justifyContent: 'space-between',
          marginBottom: 12,
        }}
      >
        <Space wrap>
          <Switch
            checked={hideSmall}
            onChange={setHideSmall}
            size="small"
            id="hide-small"
            data-testid="hide-small"
          />
          <label htmlFor="hide-small">{t('assets.hideSmall', { amount: HIDE_SMALL_ASSET_USD })}</label>
        </Space>
        <Space wrap>
          {assets.data?.update_time ? (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('assets.updated', { time: dayjs(assets.data.update_time).format('YYYY-MM-DD HH:mm:ss') })}
            </Typography.Text>
          ) : null}
          <Button
            icon={<ReloadOutlined />}
            loading={refresh.isPending}
            onClick={() => refresh.mutate()}
            data-testid="assets-refresh"
          >
            {t('assets.refresh')}
          </Button>
          {canEdit ? (
            <Button icon={<PlusOutlined />} onClick={() => setAdding(true)} data-testid="assets-add-token">
              {t('assets.addToken')}
            </Button>
          ) : null}
        </Space>
      </div>
      {assets.isError && !assets.data ? null : (
        <Table<AssetLine>
          rowKey={(line) => line.contract_address ?? 'native'}
          dataSource={lines}
          loading={assets.isPending}
          pagination={false}
          size="middle"
          scroll={{ x: 640 }}
          locale={{
            emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('assets.empty')} />,
          }}
          columns={[
            {
              title: t('assets.token'),
              dataIndex: 'symbol',
              render: (symbol: string, line) => (
                <div>
                  <Typography.Text strong>{symbol}</Typography.Text>
                  {line.custom ? <Tag style={{ marginInlineStart: 6 }}>{t('assets.custom')}</Tag> : null}
                  {line.contract_address ? (
                    <div style={{ fontSize: 12 }}>
                      <AddressText address={line.contract_address} />
                    </div>
                  ) : (
                    <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.6)' }}>{t('assets.native')}</div>
                  )}
                </div>
              ),
            },
            {
              title: t('assets.balance'),
              dataIndex: 'amount_display',
              align: 'right',
              render: (display: string, line) => (
                <Tooltip title={`${line.amount} ${line.symbol}`}>
                  <span data-testid={`asset-amount-${line.symbol}`}>{formatAmount(display)}</span>
                </Tooltip>
              ),
            },
            {
              title: t('assets.price'),
              dataIndex: 'price',
              align: 'right',
              render: (price: string | null) => (price ? formatUsd(price) : '—'),
            },
            {
              title: t('assets.value'),
              dataIndex: 'value',
              align: 'right',
              render: (value: string | null) => formatUsd(value),
            },
            {
              title: t('assets.proportion'),
              dataIndex: 'proportion',
              align: 'right',
              render: (value: string | null) => (value ? `${formatAmount(value)}%` : '—'),
            },
          ]}
        />
      )}
      <Modal
        open={adding}
        title={t('assets.addToken')}
        onCancel={() => setAdding(false)}
        onOk={() => void submitToken().catch(() => undefined)}
        confirmLoading={addToken.isPending}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t('assets.addTokenHint')}</Typography.Paragraph>
        <div style={{ marginBottom: 16 }}>
          <KnownTokens
            chainKey={props.chainKey}
            onPick={(token) =>
              form.setFieldsValue({
                contract: token.contract,
                symbol: token.symbol,
                decimals: token.decimals,
              })
            }
          />
        </div>
        <Form form={form} layout="vertical" requiredMark={false}>
          <Form.Item
            name="contract"
            label={t('assets.contract')}
            rules={[
              { required: true, message: t('validation.addressRequired') },
              tron
                ? {
                    validator: (_rule, value: string | undefined) =>
                      !value || isTronAddress(value)
                        ? Promise.resolve()
                        : Promise.reject(new Error(t('validation.tronAddressFormat'))),
                  }
                : { pattern: EVM_ADDRESS, message: t('validation.addressFormat') },
            ]}
          >
            <Input
              id="token-contract"
              placeholder={tron ? 'T…' : '0x…'}
              style={{ fontFamily: 'monospace' }}
            />
          </Form.Item>
          <Row gutter={12}>
            <Col span={12}>
              <Form.Item name="symbol" label={t('assets.symbol')} rules={[{ max: 20 }]}>
                <Input maxLength={20} placeholder={t('assets.fromChain')} />
              </Form.Item>
            </Col>
            <Col span={12}>
              <Form.Item name="decimals" label={t('assets.decimals')}>
                <InputNumber min={0} max={36} style={{ width: '100%' }} placeholder={t('assets.fromChain')} />
              </Form.Item>
            </Col>
          </Row>
        </Form>
      </Modal>
    </div>
  );
}
