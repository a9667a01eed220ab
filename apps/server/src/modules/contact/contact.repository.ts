import type { Database } from '@cma/db';
import type { ContactUsRequest } from '@cma/contracts';

export interface StoredAttachment {
  storageKey: string;
  filename: string;
  contentType: string;
  sizeBytes: number;
}

export interface DemoRequestRow {
  name: string;
  email: string;
  phone: string;
  brokerage: string;
  preferredTime: string;
  message: string;
}

export function createContactRepository(database: Database) {
  return {
    async insertMessage(message: ContactUsRequest, ip: string, at: Date): Promise<number> {
      const [row] = await database.query<{ id: number }>(
        `insert into contact_messages (name, email, subject, description, mobile_number, ip, created_at)
         values ($1, $2, $3, $4, $5, $6, $7) returning id`,
        [message.name, message.email, message.subject, message.description, message.mobile_number, ip, at.toISOString()],
      );
      return Number(row!.id);
    },

    async insertAttachments(messageId: number, attachments: StoredAttachment[]): Promise<void> {
      for (const attachment of attachments) {
        await database.query(
          `insert into contact_attachments (message_id, storage_key, filename, content_type, size_bytes) values ($1, $2, $3, $4, $5)`,
          [messageId, attachment.storageKey, attachment.filename, attachment.contentType, attachment.sizeBytes],
        );
      }
    },

    async insertDemoRequest(request: DemoRequestRow, ip: string, at: Date): Promise<number> {
      const [row] = await database.query<{ id: number }>(
        `insert into demo_requests (name, email, phone, brokerage, preferred_time, message, ip, created_at)
         values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
        [request.name, request.email, request.phone, request.brokerage, request.preferredTime, request.message, ip, at.toISOString()],
      );
      return Number(row!.id);
    },
  };
}
export type ContactRepository = ReturnType<typeof createContactRepository>;
