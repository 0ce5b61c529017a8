import type { Answer } from './exchange-stand-in-common';
/**
 * The STAND-IN's Binance margin and futures balances (exchange-stand-in.ts routes here), in
 * Binance's documented shapes: GET /sapi/v1/margin/account (cross margin; an account without one
 * is refused with -3003 "Margin account does not exist.", as Binance does) and GET /fapi/v3/account
 * (USDⓈ-M futures; an account that never traded futures lists its assets with updateTime 0).
 */

export function binanceMarginAccount(key: { binanceDerivatives?: boolean }): Answer {
  if (!key.binanceDerivatives)
    return { status: 400, body: { code: -3003, msg: 'Margin account does not exist.' } };
  return {
    status: 200,
    body: {
      borrowEnabled: true,
      marginLevel: '999.00000000',
      totalAssetOfBtc: '0.20000000',
      totalLiabilityOfBtc: '0.00000000',
      totalNetAssetOfBtc: '0.20000000',
      tradeEnabled: true,
      transferEnabled: true,
      userAssets: [
        {
          asset: 'BTC',
          borrowed: '0.00000000',
          free: '0.15000000',
          interest: '0.00000000',
          locked: '0.05000000',
          netAsset: '0.20000000',
        },
        {
          asset: 'ETH',
          borrowed: '0.00000000',
          free: '0.00000000',
          interest: '0.00000000',
          locked: '0.00000000',
          netAsset: '0.00000000',
        },
      ],
    },
  };
}

export function binanceFuturesAccount(key: { binanceDerivatives?: boolean }): Answer {
  const asset = (balance: string, updateTime: number) => ({
    asset: 'USDT',
    walletBalance: balance,
    unrealizedProfit: '0.00000000',
    marginBalance: balance,
    maintMargin: '0.00000000',
    initialMargin: key.binanceDerivatives ? '100.00000000' : '0.00000000',
    positionInitialMargin: '0.00000000',
    openOrderInitialMargin: '0.00000000',
    crossWalletBalance: balance,
    crossUnPnl: '0.00000000',
    availableBalance: key.binanceDerivatives ? '400.00000000' : balance,
    maxWithdrawAmount: balance,
    updateTime,
  });
  return {
    status: 200,
    body: {
      totalInitialMargin: '0.00000000',
      totalMaintMargin: '0.00000000',
      totalWalletBalance: key.binanceDerivatives ? '500.00000000' : '0.00000000',
      totalUnrealizedProfit: '0.00000000',
      totalMarginBalance: key.binanceDerivatives ? '500.00000000' : '0.00000000',
      totalPositionInitialMargin: '0.00000000',
      totalOpenOrderInitialMargin: '0.00000000',
      totalCrossWalletBalance: '0.00000000',
      totalCrossUnPnl: '0.00000000',
      availableBalance: '0.00000000',
      maxWithdrawAmount: '0.00000000',
      assets: [key.binanceDerivatives ? asset('500.00000000', 1_700_000_000_000) : asset('0.00000000', 0)],
      positions: [],
    },
  };
}
