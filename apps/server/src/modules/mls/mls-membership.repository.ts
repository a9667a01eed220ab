import type { Database } from '@cma/db';

// Agents' MLS memberships and the member ids an operator approved (decision 2803).

export interface MembershipRow {
  mls: string;
  title: string;
  member_id: string;
  member_name: string | null;
  verified_by: 'member-resource' | 'operator';
  verified_at: Date | string;
}

export class MemberIdTakenError extends Error {}

export function createMembershipRepository(database: Database) {
  return {
    /** The MLS sources a user is a member of. */
    async sourceIdsOf(userId: string): Promise<string[]> {
      return (await database.query<{ id: string }>('select mls_source_id as id from mls_memberships where user_id = $1', [userId])).map((r) => r.id);
    },

    async sourceNamesOf(userId: string): Promise<string[]> {
      return (
        await database.query<{ name: string }>('select s.name from mls_memberships m join mls_sources s on s.id = m.mls_source_id where m.user_id = $1', [userId])
      ).map((r) => r.name);
    },

    async list(userId: string): Promise<MembershipRow[]> {
      return database.query<MembershipRow>(
        `select s.name as mls, s.title, m.member_id, m.member_name, m.verified_by, m.verified_at
         from mls_memberships m join mls_sources s on s.id = m.mls_source_id where m.user_id = $1 order by s.title`,
        [userId],
      );
    },

    /** Makes `userId` the member `memberId` of the source (replacing the user's earlier id there). */
    async save(userId: string, sourceId: string, member: { memberId: string; name: string | null; verifiedBy: 'member-resource' | 'operator' }, at: Date): Promise<void> {
      const [taken] = await database.query<{ user_id: string }>('select user_id from mls_memberships where mls_source_id = $1 and member_id = $2 and user_id <> $3', [
        sourceId,
        member.memberId,
        userId,
      ]);
      if (taken) throw new MemberIdTakenError();
      try {
        await database.query(
          `insert into mls_memberships (user_id, mls_source_id, member_id, member_name, verified_by, verified_at) values ($1, $2, $3, $4, $5, $6)
           on conflict (user_id, mls_source_id) do update set member_id = excluded.member_id, member_name = excluded.member_name,
             verified_by = excluded.verified_by, verified_at = excluded.verified_at`,
          [userId, sourceId, member.memberId, member.name, member.verifiedBy, at],
        );
      } catch (error) {
        // Two accounts claiming one member id at the same moment: the unique (source, member id) keeps one.
        if ((error as { code?: string }).code === '23505') throw new MemberIdTakenError();
        throw error;
      }
    },

    async remove(userId: string, sourceName: string): Promise<boolean> {
      const rows = await database.query(
        'delete from mls_memberships where user_id = $1 and mls_source_id = (select id from mls_sources where name = $2) returning user_id',
        [userId, sourceName],
      );
      return rows.length > 0;
    },

    async approve(sourceId: string, memberId: string): Promise<void> {
      await database.query('insert into mls_member_approvals (mls_source_id, member_id) values ($1, $2) on conflict do nothing', [sourceId, memberId]);
    },

    async isApproved(sourceId: string, memberId: string): Promise<boolean> {
      return (await database.query('select 1 from mls_member_approvals where mls_source_id = $1 and member_id = $2', [sourceId, memberId])).length > 0;
    },

    /** The member ids of a source confirmed by its Member resource (checked again each day). */
    async verifiedMemberIds(sourceId: string): Promise<string[]> {
      return (
        await database.query<{ member_id: string }>("select member_id from mls_memberships where mls_source_id = $1 and verified_by = 'member-resource'", [sourceId])
      ).map((r) => r.member_id);
    },

    async removeMembers(sourceId: string, memberIds: string[]): Promise<number> {
      if (memberIds.length === 0) return 0;
      return (await database.query('delete from mls_memberships where mls_source_id = $1 and member_id = any($2::text[]) returning user_id', [sourceId, memberIds])).length;
    },
  };
}
export type MembershipRepository = ReturnType<typeof createMembershipRepository>;
