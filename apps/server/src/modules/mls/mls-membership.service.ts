import type { MlsChoice, MlsMembership } from '@cma/contracts';
import { ResoError } from '../../adapters/reso/reso-client';
import { AppError, NotFoundError, ValidationError } from '../../http/errors';
import type { ListingViewer } from '../listings/listings.repository';
import { MemberIdTakenError, type MembershipRepository, type MembershipRow } from './mls-membership.repository';
import type { MlsLog } from './mls-sync';
import type { MlsService } from './mls.service';

// Only members see an MLS (decision 2803): an agent joins an MLS by their member id, which the MLS's Member resource
// confirms as active, or which the operator approved for an MLS without one.

export const MLS_UNREACHABLE_MESSAGE = 'The MLS could not be reached to check your membership. Try again in a few minutes.';

const toDto = (row: MembershipRow): MlsMembership => ({
  mls: row.mls,
  title: row.title,
  member_id: row.member_id,
  member_name: row.member_name,
  verified_by: row.verified_by,
  verified_at: new Date(row.verified_at).toISOString(),
});

export function createMembershipService(deps: { repository: MembershipRepository; mls: MlsService; now: () => Date; log: MlsLog }) {
  const { repository, mls, now } = deps;

  return {
    /** Whose listings a user may see: the MLSs they are a member of, and the demo listings while demo data is on. */
    async viewerOf(userId: string, demo: boolean): Promise<ListingViewer> {
      return { mlsSourceIds: await repository.sourceIdsOf(userId), demo };
    },

    /** The names of the MLSs a user is a member of (a saved listing pool keeps only their listings). */
    mlsNamesOf: (userId: string) => repository.sourceNamesOf(userId),

    async list(userId: string): Promise<{ memberships: MlsMembership[]; sources: MlsChoice[] }> {
      const sources = await mls.repository.list();
      return {
        memberships: (await repository.list(userId)).map(toDto),
        sources: sources.map((s) => ({ mls: s.name, title: s.title, verified_by: s.reso_url && s.has_member_resource !== false ? 'member-resource' : 'operator' })),
      };
    },

    async add(userId: string, request: { mls: string; member_id: string }): Promise<MlsMembership> {
      const source = await mls.repository.findByName(request.mls);
      if (!source) throw new ValidationError({ mls: ['There is no such MLS here. Choose one from the list.'] });
      const memberId = request.member_id;
      let member: { name: string | null; verifiedBy: 'member-resource' | 'operator' };
      let found;
      try {
        found = await mls.members(source, [memberId]);
      } catch (error) {
        if (error instanceof ResoError) {
          deps.log.warn({ source: source.name, reason: error.message }, 'MLS member check failed');
          throw new AppError(503, MLS_UNREACHABLE_MESSAGE);
        }
        throw error;
      }
      if (found) {
        const record = found.get(memberId);
        if (!record?.active) {
          throw new ValidationError({ member_id: [`${source.title} has no active member with the ID ${memberId}. Check the ID on your MLS profile.`] });
        }
        member = { name: record.name, verifiedBy: 'member-resource' };
      } else {
        if (!(await repository.isApproved(source.id, memberId))) {
          throw new ValidationError({ member_id: [`${source.title} confirms its members through us: ask us to approve member ID ${memberId}, then add it again.`] });
        }
        member = { name: null, verifiedBy: 'operator' };
      }
      try {
        await repository.save(userId, source.id, { memberId, ...member }, now());
      } catch (error) {
        if (error instanceof MemberIdTakenError) throw new ValidationError({ member_id: ['This member ID is already linked to another account.'] });
        throw error;
      }
      return toDto((await repository.list(userId)).find((row) => row.mls === source.name)!);
    },

    async remove(userId: string, name: string): Promise<void> {
      if (!(await repository.remove(userId, name))) throw new NotFoundError('You are not a member of this MLS here.');
    },

    /** The operator approves a member id of a source (for a source without a Member resource). */
    async approve(sourceName: string, memberId: string): Promise<void> {
      const source = await mls.sourceNamed(sourceName);
      await repository.approve(source.id, memberId.trim());
    },

    /** Members the Member resource confirmed are checked again: one no longer active loses the MLS. Answers how many did. */
    async recheck(sourceId: string): Promise<number> {
      const source = await mls.repository.findById(sourceId);
      const ids = source ? await repository.verifiedMemberIds(source.id) : [];
      if (!source || ids.length === 0) return 0;
      const found = await mls.members(source, ids);
      if (!found) return 0;
      const gone = ids.filter((id) => !found.get(id)?.active);
      const removed = await repository.removeMembers(source.id, gone);
      if (removed > 0) deps.log.info({ source: source.name, removed }, 'MLS memberships of members no longer active removed');
      return removed;
    },
  };
}
export type MembershipService = ReturnType<typeof createMembershipService>;
