import { useEffect, useState } from 'react';
import { Avatar, Button, Card, Form, Input, Upload } from 'antd';
import { UploadOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { toast, toastSuccess } from '@/lib/notify';
import type { UserBaseInfo } from '../api/get-user-base-info';
import { useUpdateUserBaseInfo } from '../api/update-user-base-info';

/** §5 avatar: JPEG, JPG, PNG, GIF or BMP, at most 2 MB (2097152 bytes). */
export const AVATAR_MAX_BYTES = 2_097_152;
const AVATAR_TYPES = ['image/jpeg', 'image/jpg', 'image/png', 'image/gif', 'image/bmp'];
const AVATAR_EXTENSIONS = /\.(jpe?g|png|gif|bmp)$/i;

export function avatarProblem(file: {
  type: string;
  name: string;
  size: number;
}): 'avatarType' | 'avatarSize' | null {
  if (!AVATAR_TYPES.includes(file.type) || !AVATAR_EXTENSIONS.test(file.name)) return 'avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'avatarSize';
  return null;
}

/** Profile: nickname (required, 1–30), company, avatar upload. */
export function ProfileCard({ user }: { user: UserBaseInfo }) {
  const { t } = useTranslation('account');
  const [form] = Form.useForm<{ nickname: string; company: string }>();
  const update = useUpdateUserBaseInfo();
  const [preview, setPreview] = useState<string | null>(null);

  useEffect(() => {
    form.setFieldsValue({ nickname: user.nickname, company: user.company ?? '' });
  }, [user.nickname, user.company, form]);

  const upload = (file: File) => {
    const problem = avatarProblem(file);
    if (problem) {
      toast('warning', t('errors:title.Alert'), t(`common:validation.${problem}`));
      return false;
    }
    update.mutate(
      { avatar: file },
      {
        onSuccess: () => {
          setPreview(URL.createObjectURL(file));
          toastSuccess(t('profile.saved'));
        },
      },
    );
    return false;
  };

  return (
    <Card title={t('profile.title')} data-testid="profile-card">
      <div style={{ display: 'flex', alignItems: 'center', gap: 16, marginBottom: 20, flexWrap: 'wrap' }}>
        <Avatar
          size={64}
          src={preview ?? user.avatar_url ?? undefined}
          icon={<UserOutlined />}
          style={{ background: '#1f4fd1' }}
        />
        <div>
          <Upload
            accept=".jpg,.jpeg,.png,.gif,.bmp"
            showUploadList={false}
            beforeUpload={upload}
            maxCount={1}
          >
            <Button
              icon={<UploadOutlined />}
              loading={update.isPending && update.variables?.avatar !== undefined}
            >
              {t('profile.upload')}
            </Button>
          </Upload>
          <div style={{ fontSize: 12, color: 'rgba(0,0,0,0.6)', marginTop: 6 }}>
            {t('profile.avatarHint')}
          </div>
        </div>
      </div>
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        onFinish={(values) =>
          update.mutate(
            { nickname: values.nickname.trim(), company: values.company.trim() },
            { onSuccess: () => toastSuccess(t('profile.saved')) },
          )
        }
      >
        <Form.Item label={t('profile.email')} htmlFor="profile-email">
          <Input id="profile-email" value={user.email} disabled />
        </Form.Item>
        <Form.Item
          name="nickname"
          label={t('profile.nickname')}
          rules={[
            { required: true, whitespace: true, message: t('common:validation.nicknameRequired') },
            { max: 30, message: t('common:validation.nicknameMax') },
          ]}
        >
          <Input placeholder={t('profile.nicknamePlaceholder')} maxLength={30} showCount />
        </Form.Item>
        <Form.Item name="company" label={t('profile.company')} rules={[{ max: 100 }]}>
          <Input placeholder={t('profile.companyPlaceholder')} maxLength={100} />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={update.isPending && update.variables?.avatar === undefined}
          data-testid="profile-save"
        >
          {t('common:actions.save')}
        </Button>
      </Form>
    </Card>
  );
}
