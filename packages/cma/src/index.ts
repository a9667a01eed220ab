// @cma/cma: the CMA document — its saved state, the one listing reader and the one valuation (issue 16).
export * from './defaults';
export * from './state';
export * from './report-data';
export * from './text-limits';
export * from './read-listing';
export * from './derived';
export * from './market-model';
export * from './market-measurements';
export * from './value-cma';
export * from './auto-cma';
export * from './measure-market';
