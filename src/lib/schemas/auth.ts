// Sign-in, account, profile and team forms. Field errors carry codes; the pages show the message.
import { z } from 'zod';
import { UNIT_ROLES } from '$lib/identity/unit-roles';
import { MAX_PASSWORD, MIN_PASSWORD } from './limits';

export { MAX_PASSWORD, MIN_PASSWORD };

const email = z
	.string()
	.trim()
	.max(254)
	.pipe(z.email({ error: 'email' }));
const newPassword = z.string().min(MIN_PASSWORD).max(MAX_PASSWORD);
const name = z.string().trim().min(1).max(100);
const redirectTo = z.string().max(2000).default('');

export const LoginForm = z.object({
	email,
	password: z.string().min(1).max(MAX_PASSWORD),
	redirectTo
});

export const RegisterForm = z.object({ name, email, password: newPassword });

export const ForgotForm = z.object({ email });

export const TokenForm = z.object({ token: z.string().max(100) });

export const ResetForm = z.object({ token: z.string().max(100), password: newPassword });

export const ProfileForm = z.object({ name, locale: z.enum(['no', 'en']) });

export const SessionForm = z.object({ sessionId: z.string().min(1).max(100) });

export const InviteForm = z.object({ email, role: z.enum(UNIT_ROLES) });

export const RevokeInvitationForm = z.object({ invitationId: z.string().min(1).max(100) });

/** A visitor accepting an invitation makes an account; a signed-in user sends only the token. */
export const AcceptInviteForm = z.object({
	token: z.string().max(100),
	name: name.optional(),
	password: newPassword.optional()
});
