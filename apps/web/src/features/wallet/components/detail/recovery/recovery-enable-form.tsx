import { useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Select, Typography } from 'antd';
import { RECOVERY_COOLDOWN_HOURS, RECOVERY_EXPIRATION_HOURS_MAX } from '@keystead/contract/limits';
import { evmAddressProblem } from '@/lib/evm-address';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useAvailableUsers } from '../../../api/available-users';
import { enableRecovery } from '../../../api/enable-recovery';
import { recoveryKey, type RecoveryInfo } from '../../../api/get-recovery';
import { sameAddress } from '../../../recovery-state';
import { MONO } from '../../wallet-bits';
import { useDelayText } from './recovery-bits';

interface Values {
  kind: 'member' | 'backup';
  member?: string;
  backup?: string;
  days: number;
  expiryDays?: number | null;
}

const MAX_DAYS = RECOVERY_COOLDOWN_HOURS.max / 24;
const MIN_DAYS = RECOVERY_COOLDOWN_HOURS.min / 24;

/**
 * Admins allow recovery: the recoverer (a member's verified address on this chain, or a backup
 * address pasted here), the delay in days and an optional expiry. Creates the wallet task that
 * enables the delay module; the owners approve, sign and broadcast it like a transfer.
 */
export function RecoveryEnableForm({ info, chainKey }: { info: RecoveryInfo; chainKey: string }) {
  const { t } = useLazyTranslation('recovery');
  const delayText = useDelayText();
  const client = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const members = useAvailableUsers(chainKey);
  const kind = Form.useWatch('kind', form) ?? 'member';
  const days = Form.useWatch('days', form);
  const isOwner = (address: string) => info.owners.some((owner) => sameAddress(owner, address));

  const options = (members.data?.list ?? []).flatMap((member) =>
    member.signer_keys.map((key) => ({
      value: key.address,
      disabled: isOwner(key.address),
      member: member.nickname || member.email,
      key: key.name,
    })),
  );

  const submit = async (values: Values) => {
    const address = (values.kind === 'member' ? values.member : values.backup)?.trim() ?? '';
    setBusy(true);
    try {
      const task = await enableRecovery({
        wallet_id: info.wallet_id,
        recoverer_address: address,
        cooldown_hours: values.days * 24,
        expiration_hours: values.expiryDays ? values.expiryDays * 24 : 0,
      });
      toastSuccess(t('enable.created', { number: task.task_number }));
      form.resetFields();
      void client.invalidateQueries({ queryKey: recoveryKey(info.wallet_id) });
      void client.invalidateQueries({ queryKey: ['transfer'] });
    } catch (error) {
      void showErrorToast(error);
    } finally {
      setBusy(false);
    }
  };

  const addressRule = {
    validator: (_: unknown, value?: string) => {
      const text = value?.trim() ?? '';
      if (!text) return Promise.reject(new Error(t('enable.addressRequired')));
      const problem = evmAddressProblem(text);
      if (problem) return Promise.reject(new Error(t(`enable.address_${problem}`)));
      if (isOwner(text)) return Promise.reject(new Error(t('enable.isOwner')));
      return Promise.resolve();
    },
  };

  return (
    <Card size="small" title={t('enable.title')} data-testid="recovery-enable">
      <Form<Values>
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ kind: 'member', days: RECOVERY_COOLDOWN_HOURS.default / 24, expiryDays: null }}
        onFinish={(values) => void submit(values)}
        style={{ maxWidth: 640 }}
      >
        <Form.Item name="kind" label={t('enable.recoverer')} extra={t('enable.recovererHint')}>
          <Radio.Group>
            <Radio value="member" data-testid="recovery-kind-member">
              {t('enable.kindMember')}
            </Radio>
            <Radio value="backup" data-testid="recovery-kind-backup">
              {t('enable.kindBackup')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        {kind === 'member' ? (
          <>
            <Form.Item name="member" label={t('enable.memberAddress')} rules={[addressRule]}>
              <Select
                data-testid="recovery-member"
                loading={members.isPending}
                placeholder={t('enable.memberPlaceholder')}
                showSearch
                optionFilterProp="search"
                virtual={false}
                options={options.map((option) => ({
                  value: option.value,
                  disabled: option.disabled,
                  search: `${option.member} ${option.key} ${option.value}`,
                  label: (
                    <span data-testid="recovery-member-option" data-address={option.value}>
                      {option.member} · {option.key}{' '}
                      <span style={MONO}>
                        {option.value.slice(0, 8)}…{option.value.slice(-6)}
                      </span>
                      {option.disabled ? ` (${t('enable.ownerTag')})` : ''}
                    </span>
                  ),
                }))}
              />
            </Form.Item>
            {members.isError ? (
              <Alert
                type="error"
                showIcon
                style={{ marginBottom: 16 }}
                message={t('enable.membersError')}
                action={
                  <Button size="small" onClick={() => void members.refetch()}>
                    {t('retry')}
                  </Button>
                }
              />
            ) : members.data && options.every((option) => option.disabled) ? (
              <Alert
                type="info"
                showIcon
                style={{ marginBottom: 16 }}
                data-testid="recovery-no-members"
                message={t('enable.noMembers')}
                description={<Link to="/permission-address">{t('enable.goVerify')}</Link>}
              />
            ) : null}
          </>
        ) : (
          <Form.Item
            name="backup"
            label={t('enable.backupAddress')}
            extra={t('enable.backupHint')}
            rules={[addressRule]}
          >
            <Input placeholder="0x…" style={MONO} autoComplete="off" data-testid="recovery-backup" />
          </Form.Item>
        )}
        <Form.Item
          name="days"
          label={t('enable.days')}
          extra={t('enable.daysHint')}
          rules={[
            {
              required: true,
              type: 'integer',
              min: MIN_DAYS,
              max: MAX_DAYS,
              message: t('enable.daysRange', { min: MIN_DAYS, max: MAX_DAYS }),
            },
          ]}
        >
          <InputNumber
            min={MIN_DAYS}
            max={MAX_DAYS}
            precision={0}
            addonAfter={t('enable.daysUnit')}
            style={{ width: 200 }}
            data-testid="recovery-days"
          />
        </Form.Item>
        <Form.Item
          name="expiryDays"
          label={t('enable.expiry')}
          extra={t('enable.expiryHint')}
          rules={[
            {
              type: 'integer',
              min: 1,
              max: RECOVERY_EXPIRATION_HOURS_MAX / 24,
              message: t('enable.daysRange', { min: 1, max: RECOVERY_EXPIRATION_HOURS_MAX / 24 }),
            },
          ]}
        >
          <InputNumber
            min={1}
            max={RECOVERY_EXPIRATION_HOURS_MAX / 24}
            precision={0}
            placeholder={t('enable.never')}
            addonAfter={t('enable.daysUnit')}
            style={{ width: 200 }}
            data-testid="recovery-expiry"
          />
        </Form.Item>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          data-testid="recovery-enable-what"
          message={t('enable.what', {
            delay: typeof days === 'number' && days >= MIN_DAYS ? delayText(days * 24) : '…',
          })}
          description={t('enable.lifecycle')}
        />
        <Button type="primary" htmlType="submit" loading={busy} data-testid="recovery-enable-submit">
          {t('enable.submit')}
        </Button>
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
          {t('enable.fee')}
        </Typography.Text>
      </Form>
    </Card>
  );
}
