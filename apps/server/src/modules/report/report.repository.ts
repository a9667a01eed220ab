import type { Database } from '@cma/db';

export interface AgentProfile {
  name: string;
  email: string;
  agent_name: string | null;
  business_name: string | null;
  phone: string | null;
  business_email: string | null;
  website: string | null;
  address: string | null;
  logo_key: string | null;
  profile_image_key: string | null;
  /** The brand kit (business_details and brand_kits); null/'' when never set. */
  license_number: string | null;
  brand_colour: string | null;
  tagline: string | null;
  bio: string | null;
  cover_letter_template: string | null;
  brokerage_logo_key: string | null;
  default_pages: unknown;
}

export function createReportRepository(database: Database) {
  return {
    /** The agent's account and business details (business_details belongs to accounts; read here for branding only). */
    async agentProfile(userId: string): Promise<AgentProfile | undefined> {
      const [row] = await database.query<AgentProfile>(
        `select u.name, u.email, b.agent_name, b.business_name, coalesce(nullif(b.phone, ''), u.phone) as phone,
                b.email as business_email, b.website, b.address, b.logo_key, u.profile_image_key, b.license_number,
                k.brand_colour, k.tagline, k.bio, k.cover_letter_template, k.brokerage_logo_key, k.default_pages
         from users u left join business_details b on b.user_id = u.id left join brand_kits k on k.user_id = u.id where u.id = $1`,
        [userId],
      );
      return row;
    },

    /** The user's stored photos of these properties (the images module's table, read for printing only), oldest first. */
    async propertyImages(userId: string, propertyIds: readonly string[]): Promise<{ id: string; property_id: string; storage_key: string; content_type: string }[]> {
      if (propertyIds.length === 0) return [];
      return database.query(
        'select id, property_id, storage_key, content_type from property_images where user_id = $1 and property_id = any($2::text[]) order by created_at, id',
        [userId, [...propertyIds]],
      );
    },

    /** The saved state of the user's history entry (not deleted), or undefined: what every server print starts from. */
    async savedState(userId: string, historyId: number): Promise<string | undefined> {
      const [row] = await database.query<{ state: string }>('select state from report_history where id = $1 and user_id = $2 and deleted_at is null', [historyId, userId]);
      return row?.state;
    },

    /** Records one e-mail of a report to a client (shown in history). */
    async recordSend(send: { userId: string; historyId: number; recipient: string; copyToAgent: boolean; linkId: number | null; at: Date }): Promise<void> {
      await database.query(
        'insert into report_sends (user_id, history_id, recipient, copy_to_agent, link_id, sent_at) values ($1, $2, $3, $4, $5, $6)',
        [send.userId, send.historyId, send.recipient, send.copyToAgent, send.linkId, send.at.toISOString()],
      );
    },

    /** Counts a report id once: true when this call counted it. */
    async countReport(userId: string, reportId: string): Promise<{ counted: boolean; reportCount: number }> {
      return database.transaction(async (tx) => {
        const inserted = await tx.query<{ report_id: string }>(
          'insert into report_counter_events (user_id, report_id) values ($1, $2) on conflict do nothing returning report_id',
          [userId, reportId],
        );
        const counted = inserted.length > 0;
        const [row] = counted
          ? await tx.query<{ report_count: number }>('update users set report_count = report_count + 1 where id = $1 returning report_count', [userId])
          : await tx.query<{ report_count: number }>('select report_count from users where id = $1', [userId]);
        return { counted, reportCount: Number(row?.report_count ?? 0) };
      });
    },
  };
}
export type ReportRepository = ReturnType<typeof createReportRepository>;
