// How the identity domain names what it writes to the audit log, so that a user's page and a unit
// team's page can find their entries: a team membership and an invitation are `<unit>:<id>`.
import type { SubjectMatch } from '../audit';

export const USER = 'user';
export const ADMIN_GRANT = 'admin_grant';
export const SAFETY_GRANT = 'safety_grant';
export const TEAM_MEMBER = 'team_member';
export const INVITATION = 'invitation';

export const teamMemberSubject = (unitId: string, userId: string) => `${unitId}:${userId}`;
export const invitationSubject = (unitId: string, id: string) => `${unitId}:${id}`;

/** Entries about an account: the account itself, its admin and safety grants, its team roles. */
export const aboutUser = (userId: string): SubjectMatch[] => [
	{ type: USER, id: userId },
	{ type: ADMIN_GRANT, id: userId },
	{ type: SAFETY_GRANT, id: userId },
	{ type: TEAM_MEMBER, idEndsWith: `:${userId}` }
];

/** Entries about a unit's team: its members' roles and its invitations. */
export const aboutTeam = (unitId: string): SubjectMatch[] => [
	{ type: TEAM_MEMBER, idStartsWith: `${unitId}:` },
	{ type: INVITATION, idStartsWith: `${unitId}:` }
];
