import { useEffect, useMemo } from 'react';
import { Avatar, Button, Space, Typography, Upload } from 'antd';
import { TeamOutlined, UploadOutlined } from '@ant-design/icons';
import { useLazyTranslation } from '@/lib/use-namespace';
import { toast } from '@/lib/notify';
import { i18next } from '@/lib/i18n';

/** §5 avatar/logo: JPEG, JPG, PNG, GIF or BMP, at most 2 MB (2097152 bytes). */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
const LOGO_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/bmp'];
const LOGO_EXTENSIONS = /\.(jpe?g|png|gif|bmp)$/i;

export function checkLogo(file: File): 'type' | 'size' | null {
  if (!LOGO_TYPES.includes(file.type) && !LOGO_EXTENSIONS.test(file.name)) return 'type';
  if (file.size > LOGO_MAX_BYTES) return 'size';
  return null;
}

/** Picks a logo file locally (checked here, and by content on the server); shows a preview. */
export function LogoPicker({
  value,
  currentUrl,
  onChange,
}: {
  value?: File | null;
  currentUrl?: string | null;
  onChange?: (file: File | null) => void;
}) {
  const { t } = useLazyTranslation('spaces');
  const preview = useMemo(() => (value ? URL.createObjectURL(value) : null), [value]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  return (
    <Space align="center" size={16} wrap>
      <Avatar
        shape="square"
        size={56}
        src={preview ?? currentUrl ?? undefined}
        icon={<TeamOutlined />}
        style={{ background: '#1f4fd1' }}
      />
      <div>
        <Space size={8}>
          <Upload
            accept=".jpg,.jpeg,.png,.gif,.bmp,image/jpeg,image/png,image/gif,image/bmp"
            showUploadList={false}
            beforeUpload={(file) => {
              const problem = checkLogo(file);
              if (problem)
                toast(
                  'warning',
                  i18next.t('errors:title.Notice'),
                  t(problem === 'type' ? 'common:validation.avatarType' : 'common:validation.avatarSize'),
                );
              else onChange?.(file);
              return false;
            }}
          >
            <Button icon={<UploadOutlined />} data-testid="logo-choose">
              {t('form.chooseLogo')}
            </Button>
          </Upload>
          {value ? (
            <Button type="link" onClick={() => onChange?.(null)}>
              {t('form.removeLogo')}
            </Button>
          ) : null}
        </Space>
        <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12, marginTop: 4 }}>
          {t('form.logoHint')}
        </Typography.Text>
      </div>
    </Space>
  );
}
