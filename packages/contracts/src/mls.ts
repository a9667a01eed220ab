import { z } from 'zod';
import { envelope } from './envelope';

// An agent's MLS memberships (issue 28): only a member of an MLS sees its listings and photos.

/** How an MLS confirms its members: its RESO Member resource (an active MemberMlsId), or the operator's approval. */
export const MLS_VERIFICATION = ['member-resource', 'operator'] as const;

/** POST /api/mls-membership */
export const addMlsMembershipRequest = z.object({
  mls: z.string({ error: 'Choose your MLS.' }).trim().min(1, 'Choose your MLS.').max(40, 'Choose your MLS.'),
  member_id: z.string({ error: 'Enter your MLS member ID.' }).trim().min(1, 'Enter your MLS member ID.').max(60, 'The member ID is too long.'),
});
export type AddMlsMembershipRequest = z.infer<typeof addMlsMembershipRequest>;

export const mlsMembership = z.object({
  /** The MLS source's name. */
  mls: z.string(),
  title: z.string(),
  member_id: z.string(),
  /** The member's name as the MLS has it (when its Member resource gave one). */
  member_name: z.string().nullable(),
  verified_by: z.enum(MLS_VERIFICATION),
  verified_at: z.string(),
});
export type MlsMembership = z.infer<typeof mlsMembership>;

/** An MLS an agent may join. */
export const mlsChoice = z.object({ mls: z.string(), title: z.string(), verified_by: z.enum(MLS_VERIFICATION) });
export type MlsChoice = z.infer<typeof mlsChoice>;

export const addMlsMembershipResponse = envelope(mlsMembership);
/** GET /api/mls-membership: the agent's memberships, and the MLSs there are to join. */
export const mlsMembershipsResponse = envelope(z.object({ memberships: z.array(mlsMembership), sources: z.array(mlsChoice) }));
export const mlsMembershipParams = z.object({ mls: z.string().trim().min(1).max(40) });
export const deleteMlsMembershipResponse = envelope(z.object({ mls: z.string() }));
