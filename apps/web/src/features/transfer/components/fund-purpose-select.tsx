import type { CSSProperties } from 'react';
import { Select } from 'antd';
import type { Label, LabelCategory } from '@keystead/contract/api/labels';
import { labelName } from '@/features/organization';
import { useLazyTranslation } from '@/lib/use-namespace';

const RECENT = 'recent:';

/** Fund-purpose options: "Recently used" first (when given), then one group per category. */
export function useFundPurposeOptions(tree: LabelCategory[], recent: Label[] = []) {
  const { t } = useLazyTranslation('transfer');
  const option = (label: Label, prefix = '') => ({
    value: `${prefix}${label.id}`,
    label: labelName(label, t),
  });
  return [
    // A recent label is also in its category: its option here has its own value, the same label.
    ...(recent.length
      ? [{ label: t('fundPurpose.recent'), options: recent.map((label) => option(label, RECENT)) }]
      : []),
    ...tree
      .filter((category) => category.labels.length > 0)
      .map((category) => ({
        label: labelName(category, t),
        options: category.labels.map((label) => option(label)),
      })),
  ];
}

/** Every label of a tree (and the recent ones) by id. */
export const labelsOf = (tree: LabelCategory[], recent: Label[] = []) =>
  new Map([...recent, ...tree.flatMap((category) => category.labels)].map((label) => [label.id, label]));

/** A select of fund purposes, grouped; its value is the label id (null for none). */
export function FundPurposeSelect(props: {
  id?: string;
  tree: LabelCategory[];
  recent?: Label[];
  value: number | null;
  onChange: (label: Label | null) => void;
  allowClear?: boolean;
  loading?: boolean;
  placeholder?: string;
  status?: 'error';
  style?: CSSProperties;
}) {
  const options = useFundPurposeOptions(props.tree, props.recent);
  const byId = labelsOf(props.tree, props.recent);
  return (
    <Select<string>
      id={props.id}
      showSearch
      optionFilterProp="label"
      allowClear={props.allowClear}
      loading={props.loading}
      placeholder={props.placeholder}
      status={props.status}
      style={props.style}
      value={props.value === null ? undefined : String(props.value)}
      onChange={(value) =>
        props.onChange(value ? (byId.get(Number(String(value).replace(RECENT, ''))) ?? null) : null)
      }
      options={options}
      data-testid="fund-purpose-select"
    />
  );
}
