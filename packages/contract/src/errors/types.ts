import type { Language } from '../languages';

/** How the web client titles the toast for a code (§8). */
export type TitleKind = 'Alert' | 'Error' | 'Info' | 'Notice';

export interface ErrorDefinition {
  /** HTTP status the server answers with. */
  status: number;
  title: TitleKind;
  /** Message templates; may hold {field}, {resource}, {param}, {max} placeholders. */
  messages: Record<Language, string>;
}

/** Values substituted into a template. `resource` names are translated (§8 resource values). */
export interface ErrorParams {
  field?: string;
  resource?: string;
  param?: string;
  max?: number | string;
  [key: string]: string | number | undefined;
}
