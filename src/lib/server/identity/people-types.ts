// What the people modules share (people.ts is their entry): their dependencies, their refusals and
// the person rows they read. Each module is one part of the service's closure over these.
import type { Db } from '../db';
import type { MemberUntil, RolesService } from './roles';
import type { IdentityStore } from './types';

export interface PeopleDeps {
	db: Db;
	roles: Pick<RolesService, 'require' | 'can'>;
	store: Pick<IdentityStore, 'activeSessions' | 'pendingInvitations'>;
	adminEmails: string[];
	safetyEmails?: string[];
	memberUntil?: MemberUntil;
}

export type PeopleRefusal =
	| 'not_found'
	| 'not_in_team'
	| 'last_leader'
	| 'own_grant'
	| 'not_granted'
	| 'already_admin'
	| 'already_safety'
	| 'own_safety_grant'
	| 'unverified';

export type PeopleResult<T = object> = ({ ok: true } & T) | { ok: false; reason: PeopleRefusal };

export const refuse = (reason: PeopleRefusal) => ({ ok: false, reason }) as const;

export interface UnitName {
	no: string;
	en: string;
}

export type UserRow = {
	id: string;
	name: string;
	email: string | null;
	email_verified_at: string | null;
	created_at: string;
	deleted_at: string | null;
};

export const USER_COLUMNS = [
	'id',
	'name',
	'email',
	'email_verified_at',
	'created_at',
	'deleted_at'
] as const;

/** Whether a row's verified address is on a configuration's list (ADMIN_EMAILS, SAFETY_EMAILS). */
export const listedIn = (emails: string[]) => (row: Pick<UserRow, 'email' | 'email_verified_at'>) =>
	!!row.email && !!row.email_verified_at && emails.includes(row.email.toLowerCase());

/** A registered account that was not deleted. */
export async function liveAccount(db: Db, userId: string) {
	return db
		.selectFrom('users')
		.select(USER_COLUMNS)
		.where('id', '=', userId)
		.where('is_anonymous', '=', 0)
		.where('deleted_at', 'is', null)
		.executeTakeFirst();
}
