import { PassThrough, type Readable } from 'node:stream';
import yazl from 'yazl';
import { DELETE_ACCOUNT_PASSWORD_WRONG_MESSAGE } from '@cma/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { ValidationError } from '../../http/errors';
import type { FileStorage } from '../storage/file-storage';
import type { ReportService } from '../report/report.service';
import { deleteListingPool } from '../listing-pools/listing-pools.service';
import type { AccountDataRepository } from './account-data.repository';

// Leaving, and taking the data along (issue 30 item 12, decision 3005): everything an agent made, in one zip; and the
// account deleted after the password is confirmed, keeping only the billing record the law asks for.

interface Deps {
  repository: AccountDataRepository;
  storage: FileStorage;
  report: Pick<ReportService, 'prepare' | 'renderPdf'>;
  /** True when `password` is the account's. */
  checkPassword(userId: string, password: string): Promise<boolean>;
  /** Ends the subscription at the provider at once and keeps its billing record. */
  endSubscription(userId: string): Promise<void>;
  /** Ends every session of the account. */
  endSessions(userId: string): Promise<void>;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** A file name made of the address's words (no path characters). */
const slug = (text: string) => text.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'report';

export function createAccountDataService(deps: Deps) {
  const { repository, storage } = deps;

  return {
    /** The zip of everything the agent made; written as it is read (each report's PDF rendered in turn). */
    async exportZip(userId: string): Promise<Readable> {
      const zip = new yazl.ZipFile();
      const out = new PassThrough();
      zip.outputStream.pipe(out);
      const account = await repository.account(userId);
      zip.addBuffer(Buffer.from(`${JSON.stringify(account, null, 2)}\n`), 'account.json');
      void (async () => {
        for (const report of await repository.reports(userId)) {
          const folder = `reports/${report.id}-${slug(report.name || report.address)}`;
          const { state, ...summary } = report;
          zip.addBuffer(Buffer.from(`${JSON.stringify(summary, null, 2)}\n`), `${folder}/report.json`);
          zip.addBuffer(Buffer.from(state), `${folder}/state.json`);
          try {
            const prepared = await deps.report.prepare(userId, state, { storedPhotos: true });
            zip.addBuffer(await deps.report.renderPdf(userId, prepared.input), `${folder}/report.pdf`);
          } catch (error) {
            deps.log.warn({ err: error, historyId: report.id }, 'a report PDF could not be rendered for an account export');
            zip.addBuffer(Buffer.from('This report could not be printed; its saved state is in state.json.\n'), `${folder}/report-pdf-not-available.txt`);
          }
        }
        for (const page of await repository.uploadedPages(userId)) {
          const file = await storage.get(page.storage_key);
          if (file) zip.addBuffer(file, `uploaded-pages/${page.id}-${slug(page.name)}.pdf`);
        }
        const brandKit = account.brand_kit as { brokerage_logo_key?: string | null } | null;
        const business = account.business as { logo_key?: string | null } | null;
        for (const [key, name] of [[brandKit?.brokerage_logo_key, 'brand-kit/brokerage-logo'], [business?.logo_key, 'brand-kit/logo']] as const) {
          const file = key ? await storage.get(key) : undefined;
          if (file) zip.addBuffer(file, name);
        }
        zip.end();
      })().catch((error: unknown) => out.destroy(error as Error));
      return out;
    },

    /**
     * Deletes the account once its password is confirmed (422 on `password` otherwise): the subscription ends at the
     * provider, sessions end, and every row and file of the account goes; live links then answer 404.
     */
    async deleteAccount(userId: string, password: string): Promise<void> {
      if (!(await deps.checkPassword(userId, password))) throw new ValidationError({ password: [DELETE_ACCOUNT_PASSWORD_WRONG_MESSAGE] });
      await deps.endSubscription(userId);
      const { keys, historyIds } = await repository.files(userId);
      await deps.endSessions(userId);
      await repository.deleteUser(userId);
      // The rows are gone, so nothing reaches these files any more; removing them is the last step.
      for (const key of keys) await storage.delete(key).catch((error: unknown) => deps.log.warn({ err: error }, 'a deleted account\'s file was not removed'));
      for (const id of historyIds) await deleteListingPool(storage, userId, id).catch(() => undefined);
    },
  };
}
export type AccountDataService = ReturnType<typeof createAccountDataService>;
