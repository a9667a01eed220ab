import { asc, companyInfo, eq, faqs, type Database } from '@cma/db';

export function createContentRepository(database: Database) {
  return {
    listFaqs: () => database.db.select({ id: faqs.id, question: faqs.question, answer: faqs.answer }).from(faqs).orderBy(asc(faqs.sortOrder), asc(faqs.id)),
    async companyContact() {
      const [row] = await database.db.select().from(companyInfo).where(eq(companyInfo.id, 1));
      if (!row) throw new Error('company_info is not seeded');
      const { id: _id, ...contact } = row;
      return contact;
    },
  };
}
export type ContentRepository = ReturnType<typeof createContentRepository>;
