export { createDatabase, migrate, type Database, type DatabaseOptions, type Db, type Schema, type SqlRunner } from './database';
export { seedReferenceData, SEED_PLANS, SEED_FAQS, SEED_COMPANY } from './seed';
export * as schema from './schema';
export * from './schema';
// Query operators re-exported so modules use the one drizzle copy that @cma/db owns.
export { and, asc, count, desc, eq, gt, gte, ilike, inArray, isNull, isNotNull, lt, lte, ne, not, or, sql } from 'drizzle-orm';
