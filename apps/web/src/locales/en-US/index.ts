import account from './account.json';
import auth from './auth.json';
import common from './common.json';
import errors from './errors.json';
import layout from './layout.json';
import pages from './pages.json';
import wallets from './wallets.json';

const enUS = { common, errors, layout, auth, account, pages, wallets };
export default enUS;
