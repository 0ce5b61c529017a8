import { Card, Col, Form, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CURRENCIES } from '@keystead/contract/api/auth';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '@keystead/contract/languages';
import { toastSuccess } from '@/lib/notify';
import type { UserBaseInfo } from '../api/get-user-base-info';
import { useUpdateUserBaseInfo } from '../api/update-user-base-info';
import { useSwitchLanguage } from '../hooks/use-switch-language';
import { ProfileCard } from './profile-card';

/** Preferences: profile, language and display currency. */
export function PreferencesTab({ user }: { user: UserBaseInfo }) {
  const { t } = useTranslation('account');
  const { language, loading, switchTo } = useSwitchLanguage();
  const update = useUpdateUserBaseInfo();
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={12}>
        <ProfileCard user={user} />
      </Col>
      <Col xs={24} lg={12}>
        <Card title={t('preferences.title')}>
          <Form layout="vertical">
            <Form.Item label={t('preferences.language')} htmlFor="preferences-language">
              <Select
                id="preferences-language"
                value={language}
                loading={loading}
                onChange={(next) => void switchTo(next)}
                options={SUPPORTED_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] }))}
                data-testid="preferences-language"
              />
            </Form.Item>
            <Form.Item
              label={t('preferences.currency')}
              extra={t('preferences.currencyHint')}
              htmlFor="preferences-currency"
            >
              <Select
                id="preferences-currency"
                value={user.currency}
                loading={update.isPending}
                onChange={(currency) =>
                  update.mutate({ currency }, { onSuccess: () => toastSuccess(t('preferences.saved')) })
                }
                options={CURRENCIES.map((code) => ({ value: code, label: code }))}
                data-testid="preferences-currency"
              />
            </Form.Item>
          </Form>
        </Card>
      </Col>
    </Row>
  );
}
