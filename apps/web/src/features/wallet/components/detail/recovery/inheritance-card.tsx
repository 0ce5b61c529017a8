import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Modal,
  Popconfirm,
  Select,
  Skeleton,
  Space,
  Tag,
  Typography,
} from 'antd';
import { useUserBaseInfo } from '@/features/account';
import { sendEmailCode } from '@/features/auth';
import { AnswerOnPhone } from '@/features/mobile';
import { SIGNER_STATUS, useSignerAddresses } from '@/features/permission-address';
import { EmailCodeInput } from '@/components/ui/email-code-input';
import { QueryError } from '@/components/ui/query-error';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useAvailableUsers } from '../../../api/available-users';
import type { RecoveryInfo } from '../../../api/get-recovery';
import {
  inheritanceKey,
  useInheritance,
  type InheritanceInfo,
  type InheritancePlan,
} from '../../../api/get-inheritance';
import { inheritanceAction, type InheritanceActionBody } from '../../../api/inheritance-action';
import { sameAddress } from '../../../recovery-state';
import { MONO } from '../../wallet-bits';
import { FullAddress, useDescriptionsLayout } from './recovery-bits';

/** The succession opens after this many days without sign-in by the owner (server rule). */
export const SUCCESSION_DAYS = 90;
const CODE_PATTERN = /^\d{6}$/;

const STATUS_COLOR: Record<InheritancePlan['status'], string> = {
  open: 'processing',
  accepted: 'success',
  denied: 'warning',
  closed: 'default',
  applied: 'error',
};

type Next =
  | 'none'
  | 'closed'
  | 'denied'
  | 'openHeir'
  | 'open'
  | 'acceptedHeirOpen'
  | 'acceptedOpen'
  | 'accepted'
  | 'applied';

/** Who acts next, as a key of `inheritance.next`. */
function nextOf(info: InheritanceInfo): Next {
  const plan = info.plan;
  if (!plan) return 'none';
  switch (plan.status) {
    case 'closed':
      return 'closed';
    case 'denied':
      return 'denied';
    case 'open':
      return info.you.is_heir ? 'openHeir' : 'open';
    case 'accepted':
      if (!plan.succession_open) return 'accepted';
      return info.you.is_heir ? 'acceptedHeirOpen' : 'acceptedOpen';
    case 'applied':
      return 'applied';
  }
}

/**
 * §4 family inheritance (family spaces), below the wallet's emergency recovery: what it is, the
 * plan's status, owner and heir, the heir's address, the owner's days without sign-in and who acts
 * next; the actions of the caller's role (name or change the heir, close; accept or deny; apply
 * for the succession with an e-mailed code once the owner has been away 90 days).
 */
export function InheritanceCard(props: {
  walletId: number;
  chainKey?: string;
  recovery?: RecoveryInfo;
  /** The heir without a role on the wallet: never offered the owner's actions. */
  heirOnly?: boolean;
}) {
  const { t } = useLazyTranslation('recovery');
  const query = useInheritance(props.walletId);
  const info = query.data;

  if (query.isError && !info)
    return (
      <Card size="small" title={t('inheritance.title')} data-testid="inheritance-card">
        <QueryError
          title={t('inheritance.loadError')}
          error={query.error}
          onRetry={() => query.refetch()}
          retrying={query.isFetching}
          testId="inheritance-error"
        />
      </Card>
    );
  if (!info)
    return (
      <Card size="small" title={t('inheritance.title')} data-testid="inheritance-card">
        <Skeleton active data-testid="inheritance-loading" />
      </Card>
    );
  return (
    <InheritanceContent
      info={info}
      chainKey={props.chainKey}
      recovery={props.recovery}
      heirOnly={props.heirOnly}
    />
  );
}

function InheritanceContent({
  info,
  chainKey,
  recovery,
  heirOnly,
}: {
  info: InheritanceInfo;
  chainKey?: string;
  recovery?: RecoveryInfo;
  heirOnly?: boolean;
}) {
  const { t } = useLazyTranslation('recovery');
  const client = useQueryClient();
  const layout = useDescriptionsLayout();
  const own = useSignerAddresses();
  const [busy, setBusy] = useState<string | null>(null);
  const [picking, setPicking] = useState<'open' | 'change_inheritor' | null>(null);
  const [accepting, setAccepting] = useState(false);
  const plan = info.plan;
  const next = nextOf(info);
  const ownEvm = (own.data?.list ?? []).filter(
    (item) => item.family === 'EVM' && item.status === SIGNER_STATUS.verified,
  );
  // A Safe's signers are its owners: the caller signs when one of their verified addresses is one.
  const isSigner = heirOnly
    ? false
    : recovery
      ? recovery.owners.some((owner) => ownEvm.some((item) => sameAddress(item.address, owner)))
      : true;

  const act = async (body: Omit<InheritanceActionBody, 'wallet_id'>): Promise<boolean> => {
    setBusy(body.action);
    try {
      const reply = await inheritanceAction({ wallet_id: info.wallet_id, ...body });
      client.setQueryData(inheritanceKey(info.wallet_id), reply);
      toastSuccess(t(`inheritance.done.${body.action}`));
      return true;
    } catch (error) {
      void showErrorToast(error);
      return false;
    } finally {
      setBusy(null);
    }
  };

  const mayName = (!plan || plan.status === 'closed' || plan.status === 'denied') && isSigner;
  const isOwner = info.you.is_testator && plan !== null && plan.status !== 'closed';
  const mayChange = isOwner && plan !== null && ['open', 'accepted', 'denied'].includes(plan.status);
  const heirOpen = info.you.is_heir && plan?.status === 'open';
  const mayApply = info.you.is_heir && plan?.status === 'accepted' && plan.succession_open;
  const anyAction = mayName || mayChange || isOwner || heirOpen;
  const adminHint = plan?.status === 'accepted' && recovery?.you.can_manage === true;

  return (
    <Card
      size="small"
      data-testid="inheritance-card"
      title={
        <Space size={8} wrap>
          <span>{t('inheritance.title')}</span>
          <Tag
            color={plan ? STATUS_COLOR[plan.status] : 'default'}
            style={{ marginInlineEnd: 0 }}
            data-testid="inheritance-status"
            data-status={plan?.status ?? 'none'}
          >
            {plan ? t(`inheritance.status.${plan.status}`) : t('inheritance.status.none')}
          </Tag>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginBottom: 12 }}>
        {t('inheritance.intro', { days: SUCCESSION_DAYS })}
      </Typography.Paragraph>
      {plan ? (
        <Descriptions column={1} size="small" bordered layout={layout} style={{ marginBottom: 12 }}>
          <Descriptions.Item label={t('inheritance.fields.owner')}>
            <span data-testid="inheritance-owner">
              {plan.testator.nickname}
              {info.you.is_testator ? ` ${t('fields.you')}` : ''}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('inheritance.fields.heir')}>
            <span data-testid="inheritance-heir">
              {plan.heir.nickname}
              {info.you.is_heir ? ` ${t('fields.you')}` : ''}
            </span>
          </Descriptions.Item>
          <Descriptions.Item label={t('inheritance.fields.heirAddress')}>
            {plan.heir_address ? (
              <FullAddress address={plan.heir_address} testId="inheritance-heir-address" />
            ) : (
              <span data-testid="inheritance-heir-address">{t('inheritance.fields.noAddress')}</span>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('inheritance.fields.inactive')}>
            <span data-testid="inheritance-inactive">
              {plan.testator_inactive_days === null
                ? t('inheritance.fields.neverSignedIn', { days: SUCCESSION_DAYS })
                : t('inheritance.fields.inactiveDays', {
                    count: plan.testator_inactive_days,
                    days: SUCCESSION_DAYS,
                  })}
            </span>
          </Descriptions.Item>
        </Descriptions>
      ) : null}
      <Alert
        type={
          next === 'acceptedHeirOpen' || next === 'acceptedOpen' || next === 'applied' ? 'warning' : 'info'
        }
        showIcon
        data-testid="inheritance-next"
        data-step={next}
        message={
          <span data-testid="inheritance-next-text">
            {t(`inheritance.next.${next}`, {
              owner: plan?.testator.nickname ?? '',
              heir: plan?.heir.nickname ?? '',
              days: SUCCESSION_DAYS,
            })}
          </span>
        }
      />
      {adminHint ? (
        <Alert
          type="info"
          showIcon
          data-testid="inheritance-admin-hint"
          style={{ marginTop: 12 }}
          message={t('inheritance.adminHint')}
          description={plan?.heir_address ? <FullAddress address={plan.heir_address} /> : undefined}
        />
      ) : null}
      {anyAction ? (
        <Space wrap style={{ marginTop: 12 }}>
          {mayName ? (
            <Button type="primary" onClick={() => setPicking('open')} data-testid="inheritance-name">
              {t('inheritance.name')}
            </Button>
          ) : null}
          {mayChange ? (
            <Button onClick={() => setPicking('change_inheritor')} data-testid="inheritance-change">
              {t('inheritance.change')}
            </Button>
          ) : null}
          {isOwner ? (
            <Popconfirm
              title={t('inheritance.closeConfirm')}
              okText={t('inheritance.close')}
              cancelText={t('inheritance.cancel')}
              onConfirm={() => act({ action: 'close' })}
            >
              <Button danger loading={busy === 'close'} data-testid="inheritance-close">
                {t('inheritance.close')}
              </Button>
            </Popconfirm>
          ) : null}
          {heirOpen ? (
            <>
              <Button type="primary" onClick={() => setAccepting(true)} data-testid="inheritance-accept">
                {t('inheritance.accept')}
              </Button>
              <Popconfirm
                title={t('inheritance.denyConfirm')}
                okText={t('inheritance.deny')}
                cancelText={t('inheritance.cancel')}
                onConfirm={() => act({ action: 'deny' })}
              >
                <Button danger loading={busy === 'deny'} data-testid="inheritance-deny">
                  {t('inheritance.deny')}
                </Button>
              </Popconfirm>
              <AnswerOnPhone walletId={info.wallet_id} />
            </>
          ) : null}
        </Space>
      ) : null}
      {mayApply ? (
        <ApplyForm busy={busy === 'apply'} onApply={(code) => act({ action: 'apply', email_code: code })} />
      ) : null}
      {picking ? (
        <HeirModal
          chainKey={chainKey}
          action={picking}
          current={picking === 'change_inheritor' ? plan?.heir.user_id : undefined}
          busy={busy === picking}
          onSubmit={async (heirUserId) => {
            if (await act({ action: picking, heir_user_id: heirUserId })) setPicking(null);
          }}
          onClose={() => setPicking(null)}
        />
      ) : null}
      {accepting ? (
        <AcceptModal
          addresses={ownEvm.map((item) => ({ address: item.address, name: item.name }))}
          loading={own.isPending}
          busy={busy === 'accept'}
          onSubmit={async (address) => {
            if (await act({ action: 'accept', heir_address: address })) setAccepting(false);
          }}
          onClose={() => setAccepting(false)}
        />
      ) : null}
    </Card>
  );
}

/** Name or change the heir: one of the space's joined members, the caller and the current heir left out. */
function HeirModal(props: {
  chainKey?: string;
  action: 'open' | 'change_inheritor';
  current?: number;
  busy: boolean;
  onSubmit: (heirUserId: number) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useLazyTranslation('recovery');
  const me = useUserBaseInfo();
  const members = useAvailableUsers(props.chainKey ?? '', Boolean(props.chainKey));
  const [heir, setHeir] = useState<number | undefined>();
  const [tried, setTried] = useState(false);
  const options = (members.data?.list ?? [])
    .filter((member) => member.user_id !== me.data?.user_id && member.user_id !== props.current)
    .map((member) => ({
      value: member.user_id,
      search: `${member.nickname ?? ''} ${member.email}`,
      label: (
        <span data-testid="inheritance-heir-option" data-user-id={member.user_id}>
          {member.nickname || member.email}
          {member.nickname ? <Typography.Text type="secondary"> · {member.email}</Typography.Text> : null}
        </span>
      ),
    }));
  const title = props.action === 'open' ? t('inheritance.name') : t('inheritance.change');
  return (
    <Modal
      open
      title={title}
      okText={title}
      cancelText={t('inheritance.cancel')}
      confirmLoading={props.busy}
      onOk={() => {
        setTried(true);
        if (heir) void props.onSubmit(heir);
      }}
      onCancel={props.onClose}
      okButtonProps={testId('inheritance-heir-submit')}
      destroyOnHidden
      data-testid="inheritance-heir-modal"
    >
      <Typography.Paragraph type="secondary">{t('inheritance.heirHint')}</Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('inheritance.fields.heir')}
          required
          validateStatus={tried && !heir ? 'error' : undefined}
          help={tried && !heir ? t('inheritance.heirRequired') : undefined}
          style={{ marginBottom: 0 }}
        >
          <Select
            id="inheritance-heir"
            data-testid="inheritance-heir-select"
            value={heir}
            onChange={setHeir}
            loading={members.isPending && Boolean(props.chainKey)}
            placeholder={t('inheritance.heirPlaceholder')}
            showSearch
            optionFilterProp="search"
            virtual={false}
            options={options}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The heir accepts with one of their own verified EVM addresses (the key that may replace the owner's). */
function AcceptModal(props: {
  addresses: Array<{ address: string; name: string }>;
  loading: boolean;
  busy: boolean;
  onSubmit: (address: string) => Promise<void>;
  onClose: () => void;
}) {
  const { t } = useLazyTranslation('recovery');
  const [address, setAddress] = useState<string | undefined>();
  const [tried, setTried] = useState(false);
  return (
    <Modal
      open
      title={t('inheritance.acceptTitle')}
      okText={t('inheritance.accept')}
      cancelText={t('inheritance.cancel')}
      confirmLoading={props.busy}
      onOk={() => {
        setTried(true);
        if (address) void props.onSubmit(address);
      }}
      onCancel={props.onClose}
      okButtonProps={testId('inheritance-accept-submit')}
      destroyOnHidden
      data-testid="inheritance-accept-modal"
    >
      <Typography.Paragraph type="secondary">{t('inheritance.acceptHint')}</Typography.Paragraph>
      {!props.loading && props.addresses.length === 0 ? (
        <Alert
          type="warning"
          showIcon
          message={t('inheritance.noAddress')}
          data-testid="inheritance-no-address"
        />
      ) : (
        <Form layout="vertical" component="div">
          <Form.Item
            label={t('inheritance.fields.heirAddress')}
            required
            validateStatus={tried && !address ? 'error' : undefined}
            help={tried && !address ? t('inheritance.addressRequired') : undefined}
            style={{ marginBottom: 0 }}
          >
            <Select
              id="inheritance-address"
              data-testid="inheritance-address-select"
              value={address}
              onChange={setAddress}
              loading={props.loading}
              placeholder={t('inheritance.addressPlaceholder')}
              virtual={false}
              options={props.addresses.map((item) => ({
                value: item.address,
                label: (
                  <span data-testid="inheritance-address-option" data-address={item.address}>
                    {item.name}{' '}
                    <Typography.Text type="secondary" style={MONO}>
                      {item.address}
                    </Typography.Text>
                  </span>
                ),
              }))}
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

/** The heir applies for the succession: an e-mailed code (purpose family_succession), then apply. */
function ApplyForm(props: { busy: boolean; onApply: (code: string) => Promise<boolean> }) {
  const { t } = useLazyTranslation('recovery');
  const [code, setCode] = useState('');
  const [tried, setTried] = useState(false);
  const bad = tried && !CODE_PATTERN.test(code);
  const send = async () => {
    try {
      return (await sendEmailCode({ category: 'family_succession' })).resend_after_seconds;
    } catch (error) {
      void showErrorToast(error);
      throw error;
    }
  };
  return (
    <div data-testid="inheritance-apply" style={{ marginTop: 12, maxWidth: 420 }}>
      <Typography.Paragraph strong style={{ marginBottom: 8 }}>
        {t('inheritance.applyTitle')}
      </Typography.Paragraph>
      <Form layout="vertical" component="div">
        <Form.Item
          label={t('inheritance.code')}
          required
          validateStatus={bad ? 'error' : undefined}
          help={bad ? t('inheritance.codeRequired') : undefined}
        >
          <EmailCodeInput
            id="inheritance-email-code"
            name="email_code"
            value={code}
            onChange={(event) => setCode(event.target.value.trim())}
            onSend={send}
          />
        </Form.Item>
      </Form>
      <Button
        type="primary"
        danger
        loading={props.busy}
        onClick={() => {
          setTried(true);
          if (CODE_PATTERN.test(code)) void props.onApply(code);
        }}
        data-testid="inheritance-apply-submit"
      >
        {t('inheritance.apply')}
      </Button>
    </div>
  );
}

/** antd's button props take a test id only through an untyped attribute. */
const testId = (id: string) => ({ 'data-testid': id }) as Record<string, string>;
