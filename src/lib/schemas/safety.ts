// The safety report form (varsling), the reporter's follow-up with receipt code and passphrase, and
// the safety team's forms. Error messages are codes; the pages say them in their language.
import { z } from 'zod';
import { SAFETY_STATUSES } from '$lib/safety/statuses';
import { SAFETY_LIMITS } from './limits';

export { SAFETY_LIMITS };

const passphrase = z
	.string()
	.min(SAFETY_LIMITS.passphraseMin, { error: 'passphrase_short' })
	.max(SAFETY_LIMITS.passphraseMax, { error: 'too_long' });
const message = z
	.string()
	.trim()
	.min(1, { error: 'required' })
	.max(SAFETY_LIMITS.messageMax, { error: 'too_long' });

export const SafetyReportForm = z
	.object({
		body: z
			.string()
			.trim()
			.min(SAFETY_LIMITS.bodyMin, { error: 'too_short' })
			.max(SAFETY_LIMITS.bodyMax, { error: 'too_long' }),
		/** The unit it concerns; empty: none named. */
		unitId: z.string().trim().max(100).default(''),
		/** Name and e-mail only when the reporter chooses to give them. */
		name: z.string().trim().max(SAFETY_LIMITS.nameMax, { error: 'too_long' }).default(''),
		email: z
			.string()
			.trim()
			.max(SAFETY_LIMITS.emailMax, { error: 'too_long' })
			.refine((v) => v === '' || z.email().safeParse(v).success, { error: 'email_invalid' })
			.default(''),
		passphrase,
		passphraseAgain: z.string().max(SAFETY_LIMITS.passphraseMax),
		/** The honeypot, as on the contact form: hidden from people, filled in by bots. */
		website: z.string().max(500).default('')
	})
	.refine((d) => d.passphrase === d.passphraseAgain, {
		path: ['passphraseAgain'],
		error: 'passphrase_mismatch'
	});
export type SafetyReportForm = z.infer<typeof SafetyReportForm>;

/** The reporter coming back: the code from their receipt and their passphrase. */
export const FollowUpForm = z.object({
	code: z.string().trim().min(1, { error: 'required' }).max(64),
	passphrase: z.string().min(1, { error: 'required' }).max(SAFETY_LIMITS.passphraseMax)
});
export const FollowUpReplyForm = FollowUpForm.extend({ message });

const version = z.coerce.number().int().min(1).max(1_000_000_000);

/** The safety team: a report's status, and an answer to the reporter. */
export const SafetyStatusForm = z.object({ status: z.enum(SAFETY_STATUSES), version });
export const SafetyReplyForm = z.object({ message, version });

/** The list's GET query: a bad value means "all", never an error page. */
export const SafetyFilter = z.object({
	status: z.enum([...SAFETY_STATUSES, '']).catch(''),
	unit: z.string().trim().max(100).catch('')
});
export type SafetyFilter = z.infer<typeof SafetyFilter>;
