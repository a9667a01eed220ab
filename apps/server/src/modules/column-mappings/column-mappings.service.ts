import { IMPORT_FIELDS } from '@cma/listings-import';
import { ValidationError } from '../../http/errors';
import type { ColumnMappingsRepository } from './column-mappings.repository';

// An agent's confirmed column maps, one per export header (issue 28 item 5): the import fields they name must exist.

const FIELD_KEYS = new Set<string>(IMPORT_FIELDS.map((field) => field.key));

export function createColumnMappingsService(repository: ColumnMappingsRepository, now: () => Date) {
  return {
    find: async (userId: string, signature: string) => (await repository.find(userId, signature)) ?? null,

    async save(userId: string, signature: string, mapping: Record<string, string | null>): Promise<Record<string, string | null>> {
      const unknown = [...new Set(Object.values(mapping).filter((field): field is string => field !== null && !FIELD_KEYS.has(field)))];
      if (unknown.length > 0) throw new ValidationError({ mapping: [`Not an import field: ${unknown.slice(0, 5).join(', ')}.`] });
      await repository.save(userId, signature, mapping, now());
      return mapping;
    },
  };
}
export type ColumnMappingsService = ReturnType<typeof createColumnMappingsService>;
