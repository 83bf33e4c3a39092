// The forms of the admin's people pages (/admin/people, /admin/units/{id}/team) and of the
// profile's privacy pages (download my data, delete my account). Each form answers a refused post
// with the fields that failed; the pages say what is wrong with each in their language.
import { z } from 'zod';
import { UNIT_ROLES } from '$lib/identity/unit-roles';
import { ADMIN_DELETE_REASON_MAX, MAX_PASSWORD, TEAM_TITLE_MAX } from './limits';

export { ADMIN_DELETE_REASON_MAX };

const id = z.string().trim().min(1).max(100);
const role = z.enum(UNIT_ROLES);
/** An HTML checkbox: sent as "on" when ticked, not sent at all otherwise. */
const ticked = z.literal('on');

/** The list's GET query: a bad value means "the default", never an error page. */
export const PeopleSearch = z.object({
	q: z.string().trim().max(100).catch(''),
	page: z.coerce.number().int().min(1).max(100_000).catch(1)
});

/** On a person's page: give them a role in a unit (or change it) / take them out of it. */
export const UnitRoleForm = z.object({ unitId: id, role });
export const UnitForm = z.object({ unitId: id });

/** On a unit's team page: change a member's role / take them out. */
export const MemberRoleForm = z.object({ userId: id, role });
export const MemberForm = z.object({ userId: id });
/** The public title shown with a member's name on the unit's page; blank: the role's own word. */
const title = z.string().trim().max(TEAM_TITLE_MAX);
export const MemberTitleForm = z.object({ userId: id, title_no: title, title_en: title });

export const SessionRevokeForm = z.object({ sessionId: id });

/** The campus a person studies at (registration pools of a campus admit them); blank: none. */
export const CampusForm = z.object({
	campusId: z
		.string()
		.trim()
		.max(100)
		.transform((v) => v || null)
});

/** An admin deleting an account on its owner's request: the request, and a confirmation. */
export const AdminDeleteForm = z.object({
	reason: z.string().trim().min(3).max(ADMIN_DELETE_REASON_MAX),
	confirm: ticked
});

/** The owner deleting their account: with a password, ticked and the password again... */
export const DeleteWithPasswordForm = z.object({
	confirm: ticked,
	password: z.string().min(1).max(MAX_PASSWORD)
});
/** ...without one (signed in through a provider), their e-mail address typed. */
export const DeleteWithEmailForm = z.object({ email: z.string().trim().min(1).max(254) });

/** The names of the fields a refused post got wrong, for the page to mark. */
export function invalidFields(error: z.ZodError): string[] {
	return [...new Set(error.issues.map((issue) => String(issue.path[0] ?? '')))];
}
