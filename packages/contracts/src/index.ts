// One zod schema per request/response, shared by server, web and CLI. One file per module.
export * from './envelope';
export * from './content';
