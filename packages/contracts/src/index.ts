// One zod schema per request/response, shared by server, web and CLI. One file per module.
export * from './envelope';
export * from './content';
export * from './accounts';
export * from './billing';
export * from './listings';
export * from './images';
export * from './adjustment-values';
export * from './history';
export * from './listing-pools';
export * from './report';
export * from './contact';
export * from './entry-pages';
export * from './report-links';
export * from './brand-kit';
export * from './mls';
export * from './column-mappings';
