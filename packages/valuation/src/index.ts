// @cma/valuation: pure valuation engine shared by the web app, the server and the CLI (DESIGN.md §5).
export * from './types';
export * from './defaults';
export * from './format';
export * from './adjustments';
export * from './reconcile';
export * from './selection';
export * from './statistics';
export * from './text-features';
export * from './market-rates';
export * from './market-rate-review';
export * from './time-trend';
export * from './value';
export * from './backtest';
export * from './suggested-facts';
export * from './listing-facts';
export * from './market-stats';
export * from './net-sheet';
