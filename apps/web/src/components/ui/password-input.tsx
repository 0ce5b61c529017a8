import { useState } from 'react';
import { Input, Popover } from 'antd';
import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { PASSWORD_CHECKS, type PasswordCheck } from '@/lib/validation';

/** A new-password input with the live requirements popover of §5 (each rule turns green when met). */
export function PasswordInput(props: {
  value?: string;
  onChange?: (event: React.ChangeEvent<HTMLInputElement>) => void;
  placeholder?: string;
  id?: string;
  autoComplete?: string;
}) {
  const { t } = useTranslation();
  const [focused, setFocused] = useState(false);
  const value = props.value ?? '';
  const content = (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} data-testid="password-rules">
      {(Object.keys(PASSWORD_CHECKS) as PasswordCheck[]).map((key) => {
        const met = PASSWORD_CHECKS[key](value);
        return (
          <li
            key={key}
            data-met={met}
            style={{ color: met ? '#389e0d' : 'rgba(0,0,0,0.55)', lineHeight: '26px' }}
          >
            {met ? <CheckCircleFilled /> : <CloseCircleOutlined />}{' '}
            <span style={{ marginLeft: 6 }}>{t(`common:passwordRules.${key}`)}</span>
          </li>
        );
      })}
    </ul>
  );
  return (
    <Popover
      open={focused}
      content={content}
      title={t('common:passwordRules.title')}
      placement="topLeft"
      trigger={[]}
    >
      <Input.Password
        id={props.id}
        value={props.value}
        onChange={props.onChange}
        placeholder={props.placeholder}
        autoComplete={props.autoComplete ?? 'new-password'}
        maxLength={128}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      />
    </Popover>
  );
}
