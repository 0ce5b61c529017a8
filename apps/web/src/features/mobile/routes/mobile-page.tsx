import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert, Button } from 'antd';
import { ScanOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MobileSession, MobileTask } from '@keystead/contract/api/mobile';
import type { SignReply } from '@keystead/contract/api/transfer-replies';
import { TaskStatus } from '@keystead/contract/states';
import { PageSpinner } from '@/components/ui/page-spinner';
import { QueryError } from '@/components/ui/query-error';
import { SIGNER_STATUS } from '@/features/permission-address';
import { webConfigQuery } from '@/features/platform';
import { isApiError } from '@/lib/api-client';
import { useLazyTranslation } from '@/lib/use-namespace';
import { logoutPhone, pairPhone } from '../api/mobile-api';
import {
  inheritanceListKey,
  MOBILE_KEY,
  sessionKey,
  signersKey,
  tasksKey,
  useMobileSession,
  usePhoneSigners,
} from '../api/queries';
import { CreateKeyScreen } from '../components/create-key-screen';
import { KeyCard, PhoneSettings } from '../components/key-card';
import { MobileShell, MobileTitle } from '../components/mobile-shell';
import { NominationList, type NominationFocus } from '../components/nomination-list';
import { PairScreen } from '../components/pair-screen';
import { ScanPanel } from '../components/scan-panel';
import { TaskDetail } from '../components/task-detail';
import { TaskList, taskLabel } from '../components/task-list';
import { installHead, keepLoadedAssets, registerServiceWorker } from '../lib/install';
import { loadVault, removeVault, type KeyVault } from '../lib/pin-vault';
import { parseScannedText, type ScannedText } from '../lib/qr-text';
import { rememberedSession, rememberSession } from '../lib/remembered-session';
import { forgetTasks, readKeptTasks } from '../lib/task-cache';
import { useOnline } from '../lib/use-online';

interface OpenTask {
  organizationId: number;
  taskId: number;
  spaceName: string | null;
  /** What the list said the task does (a wallet action), when it was opened from the list. */
  label: string | null;
}

/** What the address's fragment asks (#pair=…, #task=… or #inherit=…); the fragment is cleared at once. */
function takeFragment(): ScannedText | null {
  const { hash, pathname, search } = window.location;
  if (!hash) return null;
  window.history.replaceState(window.history.state, '', pathname + search);
  return parseScannedText(hash);
}

/** At the threshold a Dapp's message is done (nothing is sent); a transfer waits to be sent from the desktop. */
const signedAll = (reply: SignReply) =>
  reply.status === TaskStatus.Completed ? 'message.signedComplete' : 'detail.signedComplete';

/** Every phone query but the session's (whose observer stays on the screen). */
const notTheSession = (query: { queryKey: readonly unknown[] }) => query.queryKey[1] !== 'session';

const notSignedIn = (error: unknown) =>
  isApiError(error) && (error.status === 401 || error.code === 'UCS_USER_AUTHENTICATION');

/**
 * /mobile: the companion phone signer (§1), an installable web app. Pair with the desktop's QR
 * code, make a key kept on the phone under a PIN, then list, review and sign the tasks waiting
 * for that key; the last list stays readable offline.
 */
export default function MobilePage() {
  const { t } = useLazyTranslation('mobile');
  const client = useQueryClient();
  const [fragment] = useState(takeFragment);
  const session = useMobileSession();
  const [lastCode, setLastCode] = useState<string | null>(null);
  const [openTask, setOpenTask] = useState<OpenTask | null>(
    fragment?.kind === 'task'
      ? { organizationId: fragment.organizationId, taskId: fragment.taskId, spaceName: null, label: null }
      : null,
  );
  const [nominationFocus, setNominationFocus] = useState<NominationFocus | null>(
    fragment?.kind === 'inherit'
      ? { organizationId: fragment.organizationId, walletId: fragment.walletId }
      : null,
  );
  const [scanning, setScanning] = useState(false);
  const [signed, setSigned] = useState<SignReply | null>(null);
  const [vaults, setVaults] = useState<Record<string, KeyVault | null>>({});
  const [setupError, setSetupError] = useState<unknown>(null);

  useEffect(() => {
    const removeHead = installHead();
    void registerServiceWorker();
    return removeHead;
  }, []);

  const pair = useMutation({
    mutationFn: async (code: string) => {
      // The CSRF cookie comes with the first reply; make sure one came before the POST.
      await client.ensureQueryData(webConfigQuery());
      return pairPhone(code);
    },
    meta: { silent: true },
    onSuccess: async (paired: MobileSession) => {
      // A session read still under way (sent before the cookie existed) must not undo this.
      await client.cancelQueries({ queryKey: sessionKey });
      rememberSession(paired);
      client.removeQueries({ queryKey: MOBILE_KEY, predicate: notTheSession });
      client.setQueryData(sessionKey, paired);
      setLastCode(null);
    },
  });
  const { mutate: pairMutate } = pair;
  const startPairing = useCallback(
    (code: string) => {
      setLastCode(code);
      pairMutate(code);
    },
    [pairMutate],
  );
  const pairedFromFragment = useRef(false);
  useEffect(() => {
    if (fragment?.kind !== 'pair' || pairedFromFragment.current) return;
    pairedFromFragment.current = true;
    startPairing(fragment.code);
  }, [fragment, startPairing]);

  const unpair = useMutation({
    mutationFn: logoutPhone,
    meta: { silent: true },
    onSettled: () => {
      rememberSession(null);
      client.removeQueries({ queryKey: MOBILE_KEY, predicate: notTheSession });
      void client.invalidateQueries({ queryKey: sessionKey });
    },
  });

  const signedOut = notSignedIn(session.error);
  // Back on the network after an offline start: ask who this phone is again (the key's status,
  // the signer list and signing need it).
  const online = useOnline();
  const { refetch: refetchSession } = session;
  const sessionUnknown = session.isError && !signedOut;
  useEffect(() => {
    if (online && sessionUnknown) void refetchSession();
  }, [online, sessionUnknown, refetchSession]);
  useEffect(() => {
    if (session.data) rememberSession(session.data);
    else if (signedOut) rememberSession(null);
  }, [session.data, signedOut]);
  // Offline (or the server unreachable): the account last seen here, to show the kept tasks.
  const account = session.data ?? (session.isError && !signedOut ? rememberedSession() : null);
  const email = account?.email ?? null;
  const vault = email === null ? null : email in vaults ? vaults[email]! : loadVault(email);
  const signers = usePhoneSigners(!!session.data && !!vault);
  const listed = signers.data
    ? (signers.data.list.find((row) => row.address.toLowerCase() === vault?.address.toLowerCase()) ?? null)
    : undefined;
  const verified = listed?.status === SIGNER_STATUS.verified;
  // Once the list and its chunks are loaded, the worker keeps them for an offline start.
  useEffect(() => {
    if (vault && verified) keepLoadedAssets();
  }, [vault, verified]);

  const onSignedOut = useCallback(() => void client.invalidateQueries({ queryKey: sessionKey }), [client]);

  const onScanned = useCallback(
    (scanned: ScannedText) => {
      setScanning(false);
      if (scanned.kind === 'pair') startPairing(scanned.code);
      else if (scanned.kind === 'inherit') {
        // Back to the main screen, on that nomination (read again: it may be new).
        setOpenTask(null);
        setNominationFocus({ organizationId: scanned.organizationId, walletId: scanned.walletId });
        void client.invalidateQueries({ queryKey: inheritanceListKey });
      } else
        setOpenTask({
          organizationId: scanned.organizationId,
          taskId: scanned.taskId,
          spaceName: null,
          label: null,
        });
    },
    [startPairing, client],
  );
  // A link opened while the page is already open (the same page, another fragment).
  useEffect(() => {
    const onHash = () => {
      const scanned = takeFragment();
      if (scanned) onScanned(scanned);
    };
    window.addEventListener('hashchange', onHash);
    return () => window.removeEventListener('hashchange', onHash);
  }, [onScanned]);

  // The pairing screen stays while a code is tried (its buttons spin; a typed code is kept).
  if (session.isPending && !lastCode)
    return (
      <MobileShell>
        <PageSpinner />
      </MobileShell>
    );

  if (!account) {
    if (session.isError && !signedOut)
      return (
        <MobileShell>
          <QueryError title={t('session.failed')} error={session.error} onRetry={() => session.refetch()} />
        </MobileShell>
      );
    return (
      <MobileShell>
        <PairScreen pairing={pair.isPending} error={pair.error} lastCode={lastCode} onPair={startPairing} />
      </MobileShell>
    );
  }

  if (!vault)
    return (
      <MobileShell account={account.email}>
        {session.data ? (
          <CreateKeyScreen
            email={account.email}
            onCreated={(created, error) => {
              setSetupError(error);
              setVaults((current) => ({ ...current, [account.email]: created }));
              void client.invalidateQueries({ queryKey: signersKey });
            }}
          />
        ) : (
          <Alert type="warning" showIcon message={t('create.offline')} />
        )}
      </MobileShell>
    );

  // The list needs a verified key; while the signer list loads (again), a list kept here means it was.
  const showTasks =
    verified ||
    signers.isError ||
    !session.data ||
    (signers.isPending && readKeptTasks(account.email, vault.address) !== null);

  return (
    <MobileShell account={account.email}>
      {pair.error && lastCode ? (
        <div style={{ marginBottom: 12 }}>
          <QueryError
            title={t('pair.failed')}
            error={pair.error}
            onRetry={() => startPairing(lastCode)}
            retryTestId="mobile-pair-retry"
          />
        </div>
      ) : null}
      {openTask ? (
        <TaskDetail
          key={`${openTask.organizationId}:${openTask.taskId}`}
          organizationId={openTask.organizationId}
          taskId={openTask.taskId}
          spaceName={openTask.spaceName}
          label={openTask.label}
          vault={vault}
          onBack={() => setOpenTask(null)}
          onSigned={(reply) => {
            setSigned(reply);
            setOpenTask(null);
            void client.invalidateQueries({ queryKey: tasksKey(vault.address) });
          }}
        />
      ) : (
        <>
          <KeyCard vault={vault} listed={session.data ? listed : undefined} setupError={setupError} />
          {signed ? (
            <Alert
              type="success"
              showIcon
              closable
              onClose={() => setSigned(null)}
              style={{ marginBottom: 12 }}
              message={t('detail.signedCount', { signed: signed.signatures, threshold: signed.threshold })}
              description={signed.signatures >= signed.threshold ? t(signedAll(signed)) : undefined}
              data-testid="mobile-signed"
            />
          ) : null}
          {showTasks ? (
            <>
              <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
                <MobileTitle>{t('tasks.title')}</MobileTitle>
                <Button
                  size="large"
                  icon={<ScanOutlined />}
                  onClick={() => setScanning((value) => !value)}
                  style={{ marginBottom: 12 }}
                  data-testid="mobile-task-scan"
                >
                  {t('tasks.scan')}
                </Button>
              </div>
              {scanning ? (
                <div style={{ marginBottom: 12 }}>
                  <ScanPanel onScanned={onScanned} onCancel={() => setScanning(false)} />
                </div>
              ) : null}
              <TaskList
                onSignedOut={onSignedOut}
                onRetry={() => {
                  if (sessionUnknown) void refetchSession();
                }}
                email={account.email}
                address={vault.address}
                onOpen={(task: MobileTask) =>
                  setOpenTask({
                    organizationId: task.organization_id,
                    taskId: task.task_id,
                    spaceName: task.organization_name,
                    label: task.amount === null ? taskLabel(task, t) : null,
                  })
                }
              />
              <NominationList
                vault={vault}
                focus={nominationFocus}
                onFocusDone={() => setNominationFocus(null)}
              />
            </>
          ) : null}
          <PhoneSettings
            browserSession={account.kind === 'browser'}
            unpairing={unpair.isPending}
            onUnpair={() => unpair.mutate()}
            onRemove={() => {
              removeVault(account.email);
              forgetTasks(account.email, vault.address);
              setSetupError(null);
              setSigned(null);
              setVaults((current) => ({ ...current, [account.email]: null }));
            }}
          />
        </>
      )}
    </MobileShell>
  );
}
