// One file per domain module; add yours here and a matching SQL migration in ../../migrations.
export * from './core';
export * from './billing';
export * from './accounts';
export * from './mls';
export * from './listings';
export * from './report';
export * from './contact';
