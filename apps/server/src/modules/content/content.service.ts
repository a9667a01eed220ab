import type { CompanyContact, FaqEntry } from '@cma/contracts';
import type { ContentRepository } from './content.repository';

// Site content (FAQ, company contact) changes rarely; it is read from the database on each call, so every
// instance sees edits at once.
export function createContentService(repository: ContentRepository) {
  return {
    faqList: (): Promise<FaqEntry[]> => repository.listFaqs(),
    companyContact: (): Promise<CompanyContact> => repository.companyContact(),
  };
}
export type ContentService = ReturnType<typeof createContentService>;
