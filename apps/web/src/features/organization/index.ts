/** What other parts of the app may use from the organization (space) feature. */
export {
  isPrivileged,
  organizationBaseInfoQuery,
  useOrganizationBaseInfo,
  SPACE_ROLES,
  type OrganizationBaseInfo,
} from './api/get-organization-base-info';
export { useOrganizations, type OrganizationListItem } from './api/list-organizations';
export { useEnterOrganization } from './api/enter-organization';
export { useMembers } from './api/list-members';
export type { Member, Space } from './api/types';
export { LimitModal, limitFromError, type LimitInfo } from './components/limit-modal';
export { GuideTour } from './components/guide-tour';
export { PlanChoiceBanner } from './components/settings/plan-wallets';
export { useSpaceMfa, type SpaceMfa } from './api/get-space-mfa';
export { labelCategoryName, labelName } from './label-name';
