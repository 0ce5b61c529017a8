import { useState } from 'react';
import { useUserBaseInfo } from '@/features/account';
import { isApiError } from '@/lib/api-client';
import { showErrorToast, toastSuccess } from '@/lib/notify';
import { useLazyTranslation } from '@/lib/use-namespace';
import { useCreateOrganization } from '../api/create-organization';
import { useEnterOrganization } from '../api/enter-organization';
import { updateOrganization, useUpdateOrganization } from '../api/update-organization';
import type { Edition, Space } from '../api/types';
import { LimitModal, limitFromError, type LimitInfo } from './limit-modal';
import { MfaRequiredModal } from './mfa-required-modal';
import { SpaceFormModal, type SpaceFormValues } from './space-form-modal';

/**
 * Create and edit of a space with everything around it: the form, the authenticator prompt
 * (PERMISSION_MFA_REQUIRED_ERROR), the space-limit modal (LIMIT_SPACES_ERROR), the logo upload
 * after creation, entering the new space.
 */
export function useSpaceEditor() {
  const { t } = useLazyTranslation('spaces');
  const user = useUserBaseInfo();
  const create = useCreateOrganization();
  const update = useUpdateOrganization();
  const enter = useEnterOrganization();
  const [form, setForm] = useState<{ space: Space | null; edition: Edition } | null>(null);
  const [mfaPrompt, setMfaPrompt] = useState(false);
  const [limit, setLimit] = useState<LimitInfo | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (values: SpaceFormValues) => {
    setBusy(true);
    // Which call failed decides who reports it: update and enter report their own errors.
    let stage: 'update' | 'create' | 'enter' = form?.space ? 'update' : 'create';
    try {
      if (form?.space) {
        await update.mutateAsync({
          organizationId: form.space.organization_id,
          name: values.name,
          description: values.description ?? '',
          logo: values.logo ?? null,
        });
        toastSuccess(t('form.saved'));
      } else {
        const created = await create.mutateAsync({
          name: values.name || 'my space',
          description: values.description || undefined,
          kind: values.kind,
          edition: values.edition,
        });
        if (values.logo) {
          await updateOrganization({ organizationId: created.organization_id, logo: values.logo }).catch(
            (error: unknown) => void showErrorToast(error),
          );
        }
        stage = 'enter';
        await enter.mutateAsync(created.organization_id);
        toastSuccess(t('form.created', { name: created.name }));
      }
      setForm(null);
    } catch (error) {
      const limitInfo = limitFromError(error);
      if (isApiError(error, 'PERMISSION_MFA_REQUIRED_ERROR')) {
        setForm(null);
        setMfaPrompt(true);
      } else if (limitInfo) {
        setForm(null);
        setLimit(limitInfo);
      } else if (stage === 'create') {
        void showErrorToast(error);
      }
    } finally {
      setBusy(false);
    }
  };

  const modals = (
    <>
      <SpaceFormModal
        open={Boolean(form)}
        space={form?.space}
        edition={form?.edition}
        busy={busy}
        mfaMissing={user.data ? !user.data.mfa_bound : false}
        onSubmit={(values) => void submit(values)}
        onClose={() => setForm(null)}
      />
      <MfaRequiredModal open={mfaPrompt} onClose={() => setMfaPrompt(false)} />
      <LimitModal limit={limit} onClose={() => setLimit(null)} />
    </>
  );

  return {
    openCreate: (edition: Edition = 'formal') => setForm({ space: null, edition }),
    openEdit: (space: Space) => setForm({ space, edition: space.edition }),
    modals,
  };
}
