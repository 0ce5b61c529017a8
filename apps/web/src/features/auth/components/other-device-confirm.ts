import type { TFunction } from 'i18next';

/** §4: the account is logged in elsewhere; continuing logs that device out. Resolves true to continue. */
export async function confirmOtherDeviceLogin(t: TFunction): Promise<boolean> {
  const { Modal } = await import('@/lib/static-antd');
  return new Promise((resolve) => {
    Modal.confirm({
      title: t('auth:otherDevice.title'),
      content: t('auth:otherDevice.content'),
      okText: t('auth:otherDevice.ok'),
      cancelText: t('common:actions.cancel'),
      centered: true,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
}
