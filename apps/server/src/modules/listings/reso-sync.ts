import { randomUUID } from 'node:crypto';
import { parseListingsCsv } from '@cma/listings-import';
import type { AppContext } from '../../context';
import { recurringJob } from '../../jobs/recurring-job';
import { createResoClient, type ResoClient } from '../../adapters/reso/reso-client';
import type { ListingInput, ListingsRepository } from './listings.repository';
import { photosByListingKey, resoPropertiesCsv } from './reso-mapping';

// The RESO Web API sync: a job that pulls Properties changed since the last run (and their Media) into the
// listings table, then schedules the next run. One job per time slot across all instances (singleton key).

export const RESO_SYNC_QUEUE = 'listings.reso-sync';
export const RESO_SYNC_INTERVAL_MS = 15 * 60 * 1000;
const FEED = 'reso';

const resoSync = recurringJob(RESO_SYNC_QUEUE, 'reso-sync', RESO_SYNC_INTERVAL_MS);

/** Pulls every changed Property since the saved watermark; returns how many listings were written. */
export async function syncResoListings(client: ResoClient, repository: ListingsRepository, now: () => Date): Promise<number> {
  const state = await repository.syncState(FEED);
  let watermark = state?.lastModifiedAt ?? null;
  let written = 0;
  for await (const page of client.properties(watermark)) {
    if (page.length === 0) continue;
    const keys = page.map((p) => String(p.ListingKey ?? p.ListingId ?? '')).filter(Boolean);
    const photos = photosByListingKey(await client.media(keys));
    const imported = parseListingsCsv(resoPropertiesCsv(page), { format: 'recolorado', uuid: randomUUID, referenceDate: now() });
    const byListingId = new Map(page.map((p) => [String(p.ListingId ?? ''), p]));
    const inputs: ListingInput[] = imported.records.map((record) => {
      const property = byListingId.get(record['Listing Id']);
      const modified = property && typeof property.ModificationTimestamp === 'string' ? new Date(property.ModificationTimestamp) : null;
      return { source: 'reso', record, photoUrls: photos.get(String(property?.ListingKey ?? record['Listing Id'])) ?? [], sourceModifiedAt: modified };
    });
    written += await repository.upsert(inputs, now());
    for (const property of page) {
      const modified = typeof property.ModificationTimestamp === 'string' ? new Date(property.ModificationTimestamp) : null;
      if (modified && !Number.isNaN(modified.getTime()) && (!watermark || modified > watermark)) watermark = modified;
    }
    // Saved per page so a failure part-way resumes where it stopped.
    await repository.saveSyncState(FEED, watermark, written, now());
  }
  await repository.saveSyncState(FEED, watermark, written, now());
  return written;
}

/** Registers the sync job when RESO_URL is configured (called by the listings plugin). */
export function registerResoSync(ctx: AppContext, repository: ListingsRepository): void {
  const reso = ctx.config.reso;
  if (!reso) return;
  const client = createResoClient({ url: reso.url, token: reso.token });
  resoSync.register(ctx, async () => {
    const written = await syncResoListings(client, repository, ctx.now);
    ctx.log.info({ written }, 'RESO listings synced');
  });
}

/** Startup: make sure a sync is scheduled for the current slot (idempotent across instances and restarts). */
export async function scheduleResoSync(ctx: AppContext): Promise<void> {
  if (ctx.config.reso) await resoSync.schedule(ctx);
}
