import type { AppContext } from '../../context';
import type { ListingsService } from './listings.service';

/** Startup task: demo listings in the embedded default (config.demoData); idempotent. */
export async function seedDemoListings(ctx: AppContext, services: { listings: ListingsService }): Promise<void> {
  if (!ctx.config.demoData) return;
  const started = performance.now();
  const written = await services.listings.seedDemoListings();
  if (written > 0) ctx.log.info({ written, ms: Math.round(performance.now() - started) }, 'demo listings seeded');
}
