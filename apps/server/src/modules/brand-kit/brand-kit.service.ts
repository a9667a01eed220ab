import { randomBytes } from 'node:crypto';
import type { BrandKit, StoreBrandKitFields } from '@cma/contracts';
import { isBuiltInPageId, isCustomPageId, normalisePageChoice, pageDefinition, type PageChoice } from '@cma/report/pages';
import type { AppContext } from '../../context';
import { ValidationError } from '../../http/errors';
import { LOGO_MAX_SIDE, processAccountImage, toDataUrl } from '../accounts/account-images';
import type { BrandKitChanges, BrandKitRepository, BrandKitRow } from './brand-kit.repository';

const EMPTY: BrandKitRow = { brand_colour: null, tagline: '', bio: '', cover_letter_template: '', brokerage_logo_key: null, default_pages: null };

export function createBrandKitService(repository: BrandKitRepository, ctx: Pick<AppContext, 'storage' | 'now'>, customPageIds: (userId: string) => Promise<string[]>) {
  async function toBrandKit(row: BrandKitRow, userId: string): Promise<BrandKit> {
    const logo = row.brokerage_logo_key ? await ctx.storage.get(row.brokerage_logo_key) : null;
    return {
      brand_colour: row.brand_colour,
      tagline: row.tagline,
      bio: row.bio,
      cover_letter_template: row.cover_letter_template,
      brokerage_logo: logo && row.brokerage_logo_key ? toDataUrl(row.brokerage_logo_key, logo) : null,
      default_pages: row.default_pages == null ? null : normalisePageChoice(row.default_pages, await customPageIds(userId)),
    };
  }

  return {
    async get(userId: string): Promise<BrandKit> {
      return toBrandKit((await repository.find(userId)) ?? EMPTY, userId);
    },

    /** Saves the fields given (absent ones stay); a new brokerage logo is checked and re-encoded like every upload. */
    async store(userId: string, fields: Omit<StoreBrandKitFields, 'remove_brokerage_logo'>, logo: { bytes?: Buffer; remove: boolean }): Promise<BrandKit> {
      const previous = await repository.find(userId);
      const changes: BrandKitChanges = {
        ...(fields.brand_colour !== undefined ? { brand_colour: fields.brand_colour || null } : {}),
        tagline: fields.tagline,
        bio: fields.bio,
        cover_letter_template: fields.cover_letter_template,
      };
      if (logo.bytes) {
        const image = await processAccountImage('brokerage_logo', logo.bytes, LOGO_MAX_SIDE);
        changes.brokerage_logo_key = `brokerage-logo/${userId}/${randomBytes(8).toString('hex')}.${image.extension}`;
        await ctx.storage.put(changes.brokerage_logo_key, image.body, image.contentType);
      } else if (logo.remove) {
        changes.brokerage_logo_key = null;
      }
      const row = await repository.save(userId, changes, ctx.now());
      if (changes.brokerage_logo_key !== undefined && previous?.brokerage_logo_key && previous.brokerage_logo_key !== changes.brokerage_logo_key) {
        await ctx.storage.delete(previous.brokerage_logo_key);
      }
      return toBrandKit(row, userId);
    },

    /** The page choice new reports start from: every id known (a built-in page or one of the agent's uploaded pages). */
    async storeDefaultPages(userId: string, pages: { id: string; on: boolean }[]): Promise<BrandKit> {
      const custom = new Set(await customPageIds(userId));
      const errors: Record<string, string[]> = {};
      const seen = new Set<string>();
      pages.forEach((entry, index) => {
        if (seen.has(entry.id)) errors[`pages.${index}.id`] = [`The page '${entry.id}' is listed twice.`];
        else if (!isBuiltInPageId(entry.id) && !(isCustomPageId(entry.id) && custom.has(entry.id.slice('custom:'.length)))) {
          errors[`pages.${index}.id`] = [`There is no page '${entry.id}'.`];
        } else if (!entry.on && pageDefinition(entry.id)?.required) {
          errors[`pages.${index}.on`] = [`${pageDefinition(entry.id)!.label} carries the legal disclosures and is always printed.`];
        }
        seen.add(entry.id);
      });
      if (Object.keys(errors).length) throw new ValidationError(errors);
      const choice: PageChoice = normalisePageChoice(pages, [...custom]);
      return toBrandKit(await repository.save(userId, { default_pages: choice }, ctx.now()), userId);
    },
  };
}
export type BrandKitService = ReturnType<typeof createBrandKitService>;
