import type { AppContext } from '../../context';
import { createListingsRepository } from './listings.repository';
import { createListingsService } from './listings.service';
import { scheduleResoSync } from './reso-sync';

/** Startup task: demo listings in the embedded default (config.demoData); idempotent. */
export async function seedDemoListings(ctx: AppContext): Promise<void> {
  if (!ctx.config.demoData) return;
  const started = performance.now();
  const written = await createListingsService(createListingsRepository(ctx.database), ctx.now).seedDemoListings();
  if (written > 0) ctx.log.info({ written, ms: Math.round(performance.now() - started) }, 'demo listings seeded');
}

/** Startup task: schedule the RESO sync when RESO_URL is set. */
export const scheduleResoListingsSync = scheduleResoSync;
