import { useState } from 'react';
import { Alert, Button, Card, Form, Input, List, Space as Stack, Spin, Typography } from 'antd';
import { formatClientMessage } from '@keystead/contract/errors/client-messages';
import { currentLanguage } from '@/lib/i18n';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useCreateDappMessage, useCreateDappTask, type TransferTask } from '../api/dapp-calls';
import { rawAsText } from '@/lib/dapp-message';
import { MessageReviewModal } from './message-review-modal';
import { safeOfSession, useWalletConnect, type SafeEntry } from '../walletconnect/use-wallet-connect';
import { CreatedTasks, type CreatedTask } from './created-tasks';
import { ProposalModal } from './walletconnect-proposal';
import { ReviewModal } from './review-modal';

const MONO = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' };

/** The Dapp's name and origin as the task records them (what the Dapp claims, trimmed to fit). */
const dappOf = (metadata: { name?: string; url?: string }) => ({
  name: (metadata.name || 'WalletConnect Dapp').slice(0, 60),
  url: /^https?:\/\/\S+$/.test(metadata.url ?? '')
    ? metadata.url!.slice(0, 300)
    : 'https://walletconnect.invalid',
});

/**
 * WalletConnect's wallet side: a Dapp's pairing link connects it to the chosen Safe; its
 * transactions are reviewed here and become Dapp tasks, like a Safe App's; its reads go to the
 * wallet's node. Sessions stay in this browser until disconnected.
 */
export function WalletConnectPanel(props: {
  config: { project_id: string; relay_url: string };
  safes: SafeEntry[];
  /** The Safe chosen above (its Dapp switch on), which a new pairing speaks for. */
  selected: SafeEntry | null;
}) {
  const { t } = useLazyTranslation('dapp');
  const wc = useWalletConnect(props.config, props.safes);
  const create = useCreateDappTask();
  const createMessage = useCreateDappMessage();
  const [uri, setUri] = useState('');
  const [pairError, setPairError] = useState<string | null>(null);
  const [pairing, setPairing] = useState(false);
  const [created, setCreated] = useState<CreatedTask[]>([]);

  const pair = async () => {
    if (!props.selected) return;
    const side = await import('../walletconnect/wallet-side');
    if (!side.isPairingUri(uri)) return setPairError(t('wc.invalidUri'));
    setPairError(null);
    setPairing(true);
    try {
      await wc.pair(uri, props.selected);
      setUri('');
    } catch (error) {
      setPairError(t('wc.pairError', { reason: error instanceof Error ? error.message : String(error) }));
    } finally {
      setPairing(false);
    }
  };

  const confirmSend = () => {
    const send = wc.send;
    if (!send) return;
    const body = { wallet_id: send.safe.walletId, dapp: dappOf(send.session.peer.metadata) };
    const callCount = 'calls' in send ? send.calls.length : 0;
    const onSuccess = (task: TransferTask) => {
      setCreated((list) => [{ taskId: task.task_id, callCount }, ...list]);
      create.reset();
      createMessage.reset();
      void wc.settle({ taskId: task.task_id, safeTxHash: task.safe_tx_hash ?? '' });
    };
    if ('calls' in send) create.mutate({ ...body, calls: send.calls }, { onSuccess });
    else createMessage.mutate({ ...body, message: send.message }, { onSuccess });
  };
  const rejectSend = () => {
    create.reset();
    createMessage.reset();
    void wc.settle('rejected');
  };

  return (
    <Card title={t('wc.title')} data-testid="wc-panel">
      <Stack direction="vertical" size={12} style={{ width: '100%' }}>
        <Typography.Text type="secondary">{t('wc.intro')}</Typography.Text>
        {wc.startError ? (
          <Alert
            type="error"
            showIcon
            data-testid="wc-start-error"
            message={t('wc.startError')}
            description={formatClientMessage('wallet_connect_failed', currentLanguage())}
            action={
              <Button size="small" onClick={wc.retryStart} data-testid="wc-retry">
                {t('wc.retry')}
              </Button>
            }
          />
        ) : null}
        <Form layout="vertical" onFinish={pair} requiredMark={false}>
          <Form.Item
            label={t('wc.uriLabel')}
            htmlFor="wc-uri"
            validateStatus={pairError ? 'error' : undefined}
            help={
              pairError ??
              (props.selected ? t('wc.uriHelp', { wallet: props.selected.name }) : t('wc.chooseSafe'))
            }
          >
            <Stack.Compact style={{ width: '100%' }}>
              <Input
                id="wc-uri"
                data-testid="wc-uri"
                placeholder="wc:…"
                value={uri}
                onChange={(event) => setUri(event.target.value)}
                style={MONO}
              />
              <Button
                type="primary"
                htmlType="submit"
                loading={pairing}
                disabled={!props.selected || !wc.kit || !uri.trim()}
                data-testid="wc-pair"
              >
                {t('wc.pair')}
              </Button>
            </Stack.Compact>
          </Form.Item>
        </Form>
        {!wc.kit && !wc.startError ? <Spin size="small" data-testid="wc-starting" /> : null}
        <List
          data-testid="wc-sessions"
          header={<Typography.Text strong>{t('wc.sessions')}</Typography.Text>}
          locale={{ emptyText: t('wc.noSessions') }}
          dataSource={wc.sessions}
          renderItem={(session) => {
            const safe = safeOfSession(session, props.safes);
            return (
              <List.Item
                data-testid="wc-session"
                actions={[
                  <Button
                    key="off"
                    danger
                    size="small"
                    onClick={() => wc.disconnect(session.topic)}
                    data-testid="wc-disconnect"
                  >
                    {t('wc.disconnect')}
                  </Button>,
                ]}
              >
                <List.Item.Meta
                  title={session.peer.metadata.name}
                  description={t('wc.sessionLine', {
                    url: session.peer.metadata.url,
                    wallet: safe?.name ?? '',
                    expiry: new Date(session.expiry * 1000).toLocaleString(currentLanguage()),
                  })}
                />
              </List.Item>
            );
          }}
        />
        <CreatedTasks tasks={created} />
      </Stack>
      {wc.proposal ? (
        <ProposalModal
          proposal={wc.proposal.proposal}
          safe={wc.proposal.safe}
          onApprove={wc.approve}
          onReject={() => wc.reject()}
        />
      ) : null}
      {wc.send && 'message' in wc.send ? (
        <MessageReviewModal
          key={wc.send.request.id}
          origin={wc.send.session.peer.metadata.url}
          message={wc.send.message}
          shownText={'raw' in wc.send.message ? rawAsText(wc.send.message.raw ?? null) : null}
          wallet={{ name: wc.send.safe.name, address: wc.send.safe.address }}
          creating={createMessage.isPending}
          createError={createMessage.error}
          onConfirm={confirmSend}
          onReject={rejectSend}
        />
      ) : wc.send ? (
        <ReviewModal
          key={wc.send.request.id}
          request={{ origin: wc.send.session.peer.metadata.url, calls: wc.send.calls }}
          wallet={{ id: wc.send.safe.walletId, name: wc.send.safe.name, address: wc.send.safe.address }}
          creating={create.isPending}
          createError={create.error}
          onConfirm={confirmSend}
          onReject={rejectSend}
        />
      ) : null}
    </Card>
  );
}
