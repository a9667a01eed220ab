// The floor for the API bench's database-backed rows (run by api.bench.ts, not a bench itself): a bare Fastify route per
// hot read that makes the same repository call as the app — same SQL, same driver and pool — with no hooks, session,
// serializer or logging. What the app costs above it is the app's own work; the rest is the database round trip.
import Fastify from 'fastify';
import { createDatabase } from '@cma/db';
import { createAccountsRepository } from '../../apps/server/src/modules/accounts/accounts.repository';
import { createHistoryRepository } from '../../apps/server/src/modules/history/history.repository';

const userId = process.env.BENCH_USER_ID!;
const database = await createDatabase({ url: process.env.DATABASE_URL });
const history = createHistoryRepository(database);
const accounts = createAccountsRepository(database);
const app = Fastify({ logger: false });
app.get('/history', async () => ({ status_code: 200, data: await history.page(userId, 0, 10, true) }));
app.get('/user-details', async () => ({ status_code: 200, data: await accounts.findUserWithDetails(userId) }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
