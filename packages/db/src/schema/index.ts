// One file per domain module; add yours here and a matching SQL migration in ../../migrations.
export * from './core';
