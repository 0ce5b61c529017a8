import account from './account.json';
import addressBook from './address-book.json';
import auth from './auth.json';
import common from './common.json';
import errors from './errors.json';
import layout from './layout.json';
import pages from './pages.json';
import transfer from './transfer.json';
import wallets from './wallets.json';

const enUS = { common, errors, layout, auth, account, pages, wallets, transfer, addressBook };
export default enUS;
