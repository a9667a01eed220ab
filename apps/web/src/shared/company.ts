import { useGetClientConfigQuery, type ClientConfig } from './api/api';

export interface CompanyContact {
  email: string;
  phone: string;
  addressLines: string[];
}

// Shown until GET /api/config answers (or when it carries no company): the seeded company details.
export const DEFAULT_COMPANY: CompanyContact = {
  email: 'support@cmastudio.app',
  phone: '303-555-0142',
  addressLines: ['1550 Wewatta Street, Suite 200', 'Denver, CO 80202'],
};

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/** Accepts the company block in snake_case (database rows) or camelCase. */
export function companyFromConfig(config: ClientConfig | undefined): CompanyContact {
  const company = (config?.company ?? {}) as Record<string, unknown>;
  const line1 = text(company.address_line1 ?? company.addressLine1);
  const line2 = text(company.address_line2 ?? company.addressLine2);
  const city = text(company.city);
  const state = text(company.state);
  const postalCode = text(company.postal_code ?? company.postalCode);
  const hasAddress = line1 !== '' && city !== '';
  return {
    email: text(company.email) || DEFAULT_COMPANY.email,
    phone: text(company.phone) || DEFAULT_COMPANY.phone,
    addressLines: hasAddress
      ? [[line1, line2].filter(Boolean).join(', '), `${city}, ${state} ${postalCode}`.trim()]
      : DEFAULT_COMPANY.addressLines,
  };
}

export function useCompanyContact(): CompanyContact {
  const { data } = useGetClientConfigQuery();
  return companyFromConfig(data);
}
