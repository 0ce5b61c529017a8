import type { TFunction } from 'i18next';
import { LabelSource, type Label } from '@keystead/contract/api/labels';

type Named = { code: string; name: string; source?: number };

/**
 * A fund-purpose tag or category as the user reads it: system entries (source 1) by their code in
 * the user's language (common:labels.system.*), custom ones by the name their space gave them.
 */
export function labelName(label: Named, t: TFunction): string {
  if (label.source !== LabelSource.System) return label.name;
  return t(`labels.system.${label.code}`, { ns: 'common', defaultValue: label.name });
}

/** The category of a label: the label names only its category's code, translated where it is a system one. */
export function labelCategoryName(
  label: Pick<Label, 'category_code' | 'category_name'>,
  t: TFunction,
): string {
  return t(`labels.system.${label.category_code}`, { ns: 'common', defaultValue: label.category_name });
}
