// Team invitations: a unit leader (or an admin) invites an e-mail address to the unit's team with
// a role; the link is single use, expires after a week and can be revoked. Accepting it joins the
// signed-in account, or creates one for the invited address (the link proves the address).
import { randomUUID } from 'node:crypto';
import { roleLabel } from '$lib/identity/words';
import { formatDate } from '$lib/format';
import type { Locale } from '$lib/i18n';
import { m } from '$lib/paraglide/messages';
import type { UserContext } from '../context';
import type { Mailer } from '../mail';
import { NotFound } from '../errors';
import {
	hashSecret,
	isSecretShaped,
	newSecret,
	normalizeEmail,
	type IdentityService,
	type IssuedSession
} from './index';
import { hashPassword } from './passwords';
import type { RolesService } from './roles';
import type { IdentityStore, InvitationRow, UnitRole } from './types';

export const INVITATION_TTL_MS = 7 * 86_400_000;

export type AcceptResult =
	| { ok: true; unitId: string; session: IssuedSession | null }
	| { ok: false; reason: 'invalid' | 'sign_in' | 'needs_account' };

export function invitationsService(
	store: IdentityStore,
	roles: Pick<RolesService, 'require'>,
	identity: Pick<IdentityService, 'issueSession'>,
	mail: Pick<Mailer, 'send'>
) {
	/** The invitation behind a link while it can still be accepted, else null. */
	async function usable(token: string, now: Date): Promise<InvitationRow | null> {
		if (!isSecretShaped(token)) return null;
		const invitation = await store.invitationByTokenHash(hashSecret(token));
		if (!invitation || invitation.acceptedAt || invitation.revokedAt) return null;
		return invitation.expiresAt > now.toISOString() ? invitation : null;
	}

	return {
		/**
		 * Creates and mails an invitation, which names the team, the role and its last day; returns
		 * the link too, for the leader to pass on, and the unit's name in the leader's language.
		 */
		async invite(
			ctx: UserContext,
			input: { unitId: string; email: string; role: UnitRole; locale: Locale },
			link: (token: string) => string,
			now = new Date()
		): Promise<{ id: string; url: string; unitName: string }> {
			const inviter = await roles.require(ctx, { action: 'manage-team', unitId: input.unitId });
			const names = await store.unitName(input.unitId);
			if (!names) throw new NotFound('Not found');
			const token = newSecret();
			const id = randomUUID();
			const email = normalizeEmail(input.email);
			const expiresAt = new Date(now.getTime() + INVITATION_TTL_MS).toISOString();
			await store.createInvitation({
				id,
				unitId: input.unitId,
				role: input.role,
				email,
				tokenHash: hashSecret(token),
				invitedBy: inviter.id,
				createdAt: now.toISOString(),
				expiresAt
			});
			const url = link(token);
			const { locale } = input;
			const unit = names[locale];
			const words = {
				url,
				unit,
				role: roleLabel(input.role, locale),
				inviter: inviter.name || inviter.email || '',
				date: formatDate(expiresAt, locale)
			};
			await mail.send(
				{
					kind: 'team-invitation',
					to: email,
					// It names the inviter; a question about it goes to whoever sent it.
					about: { userId: inviter.id },
					...(inviter.email ? { replyTo: inviter.email } : {}),
					subject: m.auth_mail_invite_subject(words, { locale }),
					text: m.auth_mail_invite_text(words, { locale })
				},
				now
			);
			return { id, url, unitName: unit };
		},

		async pending(ctx: UserContext, unitId: string, now = new Date()) {
			await roles.require(ctx, { action: 'manage-team', unitId });
			return store.pendingInvitations(unitId, now.toISOString());
		},

		async revoke(ctx: UserContext, unitId: string, invitationId: string, now = new Date()) {
			const by = await roles.require(ctx, { action: 'manage-team', unitId });
			return store.revokeInvitation(unitId, invitationId, now.toISOString(), by.id);
		},

		/** What the invitation page shows; unknown, used, revoked and expired links look alike. */
		view: (token: string, now = new Date()) => usable(token, now),

		/**
		 * Accepts a link. A signed-in caller joins with their account. A visitor gives a name and a
		 * password and gets an account for the invited address, already verified, and a session
		 * (their anonymous cart comes along). If that address already has an account, they must
		 * sign in first.
		 */
		async accept(
			ctx: UserContext,
			token: string,
			input: { name?: string; password?: string; userAgent: string | null },
			now = new Date()
		): Promise<AcceptResult> {
			const invitation = await usable(token, now);
			if (!invitation) return { ok: false, reason: 'invalid' };
			const at = now.toISOString();
			const user = ctx.user && !ctx.user.isAnonymous ? ctx.user : null;
			if (user) {
				const accepted = await store.acceptInvitation(invitation.id, user.id, at);
				return accepted
					? { ok: true, unitId: invitation.unitId, session: null }
					: { ok: false, reason: 'invalid' };
			}
			if (await store.accountByEmail(invitation.email)) return { ok: false, reason: 'sign_in' };
			if (!input.name || !input.password) return { ok: false, reason: 'needs_account' };
			const id = randomUUID();
			const newAccount = {
				id,
				email: invitation.email,
				name: input.name.trim(),
				passwordHash: await hashPassword(input.password),
				locale: null,
				emailVerifiedAt: at,
				createdAt: at
			};
			if (!(await store.acceptInvitation(invitation.id, id, at, newAccount))) {
				return (await store.accountByEmail(invitation.email))
					? { ok: false, reason: 'sign_in' }
					: { ok: false, reason: 'invalid' };
			}
			const session = await identity.issueSession(
				ctx,
				{ id, email: newAccount.email, name: newAccount.name, isAnonymous: false },
				input.userAgent,
				now
			);
			return { ok: true, unitId: invitation.unitId, session };
		}
	};
}

export type InvitationsService = ReturnType<typeof invitationsService>;
