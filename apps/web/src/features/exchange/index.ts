/** What other parts of the app may use from the exchange feature (its routes load their pages directly). */
export { exchangePath } from './exchange-path';
export { exchangeOfChainKey } from './exchange-names';
