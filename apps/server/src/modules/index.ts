import type { FastifyPluginAsync } from 'fastify';
import { systemRoutes } from './system/system.routes';
import { contentRoutes } from './content/content.routes';
import { accountsRoutes } from './accounts/accounts.routes';
import { adjustmentValuesRoutes } from './adjustment-values/adjustment-values.routes';

// Every module's routes, registered in this order. Add one line per module.
export const moduleRoutes: FastifyPluginAsync[] = [systemRoutes, contentRoutes, adjustmentValuesRoutes];
