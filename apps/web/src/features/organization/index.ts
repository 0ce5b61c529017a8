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
