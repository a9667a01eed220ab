import type { Database } from './database';

// Reference data every install needs; idempotent (only fills empty tables).
export const SEED_PLANS = [
  { title: 'Monthly', amountCents: 4900, interval: 'month', description: 'Unlimited CMAs, billed monthly.', sortOrder: 1,
    features: ['Unlimited CMA reports', 'REcolorado and PPAR CSV import', 'Market-derived adjustments', 'Branded PDF reports'] },
  { title: 'Annual', amountCents: 49000, interval: 'year', description: 'Two months free, billed yearly.', sortOrder: 2,
    features: ['Everything in Monthly', 'Two months free', 'Priority support'] },
] as const;

export const SEED_FAQS = [
  ['What is a comparative market analysis?', 'A CMA estimates what a home is likely to sell for by comparing it with similar homes that sold recently nearby, adjusting each comparable\'s price for the features that differ.'],
  ['Which MLS exports can I upload?', 'CSV exports from REcolorado and PPAR (Pikes Peak MLS). The format is detected for you, and you can mix both in one CMA.'],
  ['How are adjustments calculated?', 'Each difference between the subject and a comparable is priced with your default rates for the comparable\'s price tier, the way an appraiser would. You can edit every cell, and compare your rates with rates derived from the sales you loaded.'],
  ['Is the value an appraisal?', 'No. The value is an approximate market value for discussion with your client, not a licensed appraisal.'],
  ['How long is the free trial?', 'Every plan starts with a 14-day free trial. You can cancel at any time before it ends and you will not be charged.'],
  ['Are my saved reports ever deleted?', 'No. Every report you save stays in your history until you delete it.'],
  ['Do you sell my information?', 'Never. We do not sell user information to anyone.'],
] as const;

export const SEED_COMPANY = {
  email: 'support@cmastudio.app',
  phone: '303-555-0142',
  addressLine1: '1550 Wewatta Street',
  addressLine2: 'Suite 200',
  city: 'Denver',
  state: 'CO',
  postalCode: '80202',
};

export async function seedReferenceData(database: Database): Promise<void> {
  await database.transaction(async (tx) => {
    const [{ n: plans }] = (await tx.query<{ n: number }>('select count(*)::int as n from subscription_plans')) as [{ n: number }];
    if (plans === 0) {
      for (const p of SEED_PLANS) {
        await tx.query(
          'insert into subscription_plans(title, amount_cents, interval, description, features, sort_order) values ($1,$2,$3,$4,$5,$6)',
          [p.title, p.amountCents, p.interval, p.description, JSON.stringify(p.features), p.sortOrder],
        );
      }
    }
    const [{ n: faqCount }] = (await tx.query<{ n: number }>('select count(*)::int as n from faqs')) as [{ n: number }];
    if (faqCount === 0) {
      for (const [i, [q, a]] of SEED_FAQS.entries()) {
        await tx.query('insert into faqs(question, answer, sort_order) values ($1,$2,$3)', [q, a, i + 1]);
      }
    }
    const c = SEED_COMPANY;
    await tx.query(
      `insert into company_info(id, email, phone, address_line1, address_line2, city, state, postal_code)
       values (1,$1,$2,$3,$4,$5,$6,$7) on conflict (id) do nothing`,
      [c.email, c.phone, c.addressLine1, c.addressLine2, c.city, c.state, c.postalCode],
    );
  });
}
