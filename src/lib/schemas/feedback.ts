// Event feedback's shapes: an attendee's answer (a rating 1–5 and an optional comment) as the
// domain takes it, and as the feedback page's form posts it; and the organisers' switch.
import { z } from 'zod';

export const FEEDBACK_RATINGS = [1, 2, 3, 4, 5] as const;
/** Characters of a comment, after trimming, a line end counted as one (as the browser counts). */
export const FEEDBACK_COMMENT_MAX = 1000;

/** A comment as kept: trimmed, line ends as \n, empty as none. */
const comment = z
	.string()
	.transform((c) => c.replace(/\r\n?/g, '\n').trim())
	.pipe(z.string().max(FEEDBACK_COMMENT_MAX))
	.transform((c) => (c === '' ? null : c));

export const FeedbackInput = z.object({
	rating: z.number().int().min(1).max(5),
	comment: comment.nullable().default(null)
});
export type FeedbackInput = z.input<typeof FeedbackInput>;

/** The page's form: the checked radio's value and the comment's text as posted. */
export const FeedbackForm = z.object({
	rating: z
		.string()
		.trim()
		.regex(/^[1-5]$/)
		.transform(Number),
	comment: comment.optional().transform((c) => c ?? null)
});

/** The organisers' switch: the box posted ("on") when checked, absent when not. */
export const FeedbackSettingsForm = z.object({
	enabled: z
		.string()
		.max(10)
		.optional()
		.transform((v) => v !== undefined)
});

/** Which field a refused answer concerns, by the code the refusal carries. */
export const FEEDBACK_INVALID_CODE = {
	rating: 'invalid_rating',
	comment: 'comment_too_long'
} as const;

/** The code of the first field `error` refuses (a form or an input missing its rating: the rating). */
export function invalidFeedbackCode(error: z.ZodError): string {
	const field = error.issues[0]?.path[0];
	return field === 'comment' ? FEEDBACK_INVALID_CODE.comment : FEEDBACK_INVALID_CODE.rating;
}
