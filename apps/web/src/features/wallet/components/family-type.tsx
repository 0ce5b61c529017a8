import { Form, Radio, Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** §3 family wallet address types: 3 inheritance, 4 common (the default), 5 backup/shared. */
export type FamilyAddressType = 3 | 4 | 5;
const TYPES: FamilyAddressType[] = [4, 3, 5];
const COLORS: Record<FamilyAddressType, string> = { 3: 'purple', 4: 'blue', 5: 'gold' };

/** "What is this wallet for?" — shown in family spaces only (the wizard and the settings). */
export function FamilyTypeField({ name = 'family_address_type' }: { name?: string }) {
  const { t } = useTranslation('wallets');
  return (
    <Form.Item name={name} label={t('familyType.label')} extra={t('familyType.hint')}>
      <Radio.Group data-testid="family-type">
        {TYPES.map((type) => (
          <Radio key={type} value={type} data-testid={`family-type-${type}`}>
            {t(`familyType.${type}`)}
          </Radio>
        ))}
      </Radio.Group>
    </Form.Item>
  );
}

/** The wallet's family type as a tag; nothing for a company space's wallet. */
export function FamilyTypeTag({ type }: { type: number | null | undefined }) {
  const { t } = useTranslation('wallets');
  if (type !== 3 && type !== 4 && type !== 5) return null;
  return (
    <Tag color={COLORS[type]} data-testid="family-type-tag">
      {t(`familyType.${type}`)}
    </Tag>
  );
}
