import { Suspense, lazy, useCallback, useRef, useState } from 'react';
import { showErrorToast } from '@/lib/notify';
import { fetchCaptcha, type CaptchaCategory } from '../api/get-captcha';
import { verifyCaptcha } from '../api/verify-captcha';

/** The modal (and antd's Modal) loads only when a captcha is actually asked for. */
const CaptchaModal = lazy(() =>
  import('@/components/ui/captcha-modal').then((module) => ({ default: module.CaptchaModal })),
);

/** Thrown when the user closes the captcha modal; callers ignore it. */
export class CaptchaCancelled extends Error {
  constructor() {
    super('captcha cancelled');
    this.name = 'CaptchaCancelled';
  }
}

interface Pending {
  category: CaptchaCategory;
  email?: string;
  action: () => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * §4: ask the server for a captcha; when it sends an image, the modal opens, the answer is checked,
 * then `action` runs. A wrong answer fetches a fresh picture and reports the error; an error from
 * `action` (e.g. UCS_USER_PASSWORD_MISTAKE) closes the modal and is passed on to the caller.
 */
export function useCaptchaGate() {
  const pending = useRef<Pending | null>(null);
  const [image, setImage] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [submitting, setSubmitting] = useState(false);

  const load = useCallback(async (category: CaptchaCategory, email?: string) => {
    setRefreshing(true);
    try {
      return (await fetchCaptcha({ category, email })).captcha;
    } finally {
      setRefreshing(false);
    }
  }, []);

  const run = useCallback(
    async <T,>(
      category: CaptchaCategory,
      email: string | undefined,
      action: () => Promise<T>,
    ): Promise<T> => {
      const picture = await load(category, email);
      if (!picture) return action();
      setImage(picture);
      setOpen(true);
      return new Promise<T>((resolve, reject) => {
        pending.current = { category, email, action, resolve: resolve as (value: unknown) => void, reject };
      });
    },
    [load],
  );

  const refresh = async () => {
    const current = pending.current;
    if (!current) return;
    try {
      setImage(await load(current.category, current.email));
    } catch (error) {
      void showErrorToast(error);
    }
  };

  const submit = async (code: string) => {
    const current = pending.current;
    if (!current) return;
    setSubmitting(true);
    try {
      await verifyCaptcha({ category: current.category, captcha_code: code });
    } catch (error) {
      setSubmitting(false);
      void showErrorToast(error);
      await refresh();
      return;
    }
    try {
      const result = await current.action();
      pending.current = null;
      setOpen(false);
      current.resolve(result);
    } catch (error) {
      pending.current = null;
      setOpen(false);
      current.reject(error);
    } finally {
      setSubmitting(false);
    }
  };

  const cancel = () => {
    const current = pending.current;
    pending.current = null;
    setOpen(false);
    current?.reject(new CaptchaCancelled());
  };

  const modal = image ? (
    <Suspense fallback={null}>
      <CaptchaModal
        open={open}
        image={image}
        refreshing={refreshing}
        submitting={submitting}
        onRefresh={() => void refresh()}
        onSubmit={(code) => void submit(code)}
        onCancel={cancel}
      />
    </Suspense>
  ) : null;
  return { run, modal };
}
