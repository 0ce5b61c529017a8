import type { DappItem, Language } from '@keystead/contract';

type Words = Record<Language, string>;

interface CatalogueEntry {
  dapp_id: number;
  name: string;
  url: string;
  type: DappItem['type'];
  description: Words;
  chain_keys: string[];
}

/**
 * The Dapps the platform lists (§1 Dapp connector): Safe Apps their makers publish, opened in
 * the platform's frame. Any other Dapp opens by its address; this list only saves typing. Chain
 * keys are those each app serves on mainnet networks (they do not run on the local devnet).
 */
export const DAPP_CATALOGUE: readonly CatalogueEntry[] = [
  {
    dapp_id: 1,
    name: 'Uniswap',
    url: 'https://app.uniswap.org',
    type: 'dex',
    description: {
      'en-US': 'Swap tokens and provide liquidity.',
      'zh-CN': '兑换代币并提供流动性。',
      'zh-HK': '兌換代幣並提供流動性。',
    },
    chain_keys: ['1', '137', '42161', '10', '8453', '56', '43114'],
  },
  {
    dapp_id: 2,
    name: 'CoW Swap',
    url: 'https://swap.cow.fi',
    type: 'dex',
    description: {
      'en-US': 'Swap tokens by batch auction, protected from front-running.',
      'zh-CN': '以批量拍卖兑换代币，免受抢跑。',
      'zh-HK': '以批量拍賣兌換代幣，免受搶跑。',
    },
    chain_keys: ['1', '42161', '8453'],
  },
  {
    dapp_id: 3,
    name: 'Aave',
    url: 'https://app.aave.com',
    type: 'lending',
    description: {
      'en-US': 'Lend and borrow tokens.',
      'zh-CN': '借出与借入代币。',
      'zh-HK': '借出與借入代幣。',
    },
    chain_keys: ['1', '137', '42161', '10', '8453', '43114'],
  },
  {
    dapp_id: 4,
    name: 'Lido',
    url: 'https://stake.lido.fi',
    type: 'staking',
    description: {
      'en-US': 'Stake ETH and receive stETH.',
      'zh-CN': '质押 ETH 并获得 stETH。',
      'zh-HK': '質押 ETH 並取得 stETH。',
    },
    chain_keys: ['1'],
  },
  {
    dapp_id: 5,
    name: 'Across',
    url: 'https://app.across.to',
    type: 'bridge',
    description: {
      'en-US': 'Bridge tokens between chains.',
      'zh-CN': '在链之间跨链转移代币。',
      'zh-HK': '在鏈之間跨鏈轉移代幣。',
    },
    chain_keys: ['1', '137', '42161', '10', '8453'],
  },
  {
    dapp_id: 6,
    name: 'Transaction Builder',
    url: 'https://apps-portal.safe.global/tx-builder',
    type: 'tools',
    description: {
      'en-US': "Compose contract calls from an ABI, as Safe's own tool does.",
      'zh-CN': '依据 ABI 组合合约调用（Safe 官方工具）。',
      'zh-HK': '依據 ABI 組合合約調用（Safe 官方工具）。',
    },
    chain_keys: ['1', '137', '42161', '10', '8453', '56', '43114', '11155111'],
  },
];

export const DAPP_TYPE_NAMES: Record<DappItem['type'], Words> = {
  dex: { 'en-US': 'Exchanges', 'zh-CN': '交易', 'zh-HK': '交易' },
  lending: { 'en-US': 'Lending', 'zh-CN': '借贷', 'zh-HK': '借貸' },
  staking: { 'en-US': 'Staking', 'zh-CN': '质押', 'zh-HK': '質押' },
  bridge: { 'en-US': 'Bridges', 'zh-CN': '跨链桥', 'zh-HK': '跨鏈橋' },
  tools: { 'en-US': 'Tools', 'zh-CN': '工具', 'zh-HK': '工具' },
};
