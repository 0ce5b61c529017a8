/** What other parts of the app may use from the account feature. */
export {
  fetchUserBaseInfo,
  userBaseInfoQuery,
  useUserBaseInfo,
  USER_BASE_INFO_KEY,
  type UserBaseInfo,
} from './api/get-user-base-info';
export { saveUserLanguage } from './api/set-language';
export { useSwitchLanguage } from './hooks/use-switch-language';
