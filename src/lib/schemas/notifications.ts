// The notification settings' shapes: the kinds, the profile's form of checkboxes and the one-click
// unsubscribe API's query and answer (its OpenAPI description is built from these).
import { z } from 'zod';

export const NOTIFICATION_KINDS = [
	'registration_opens',
	'promoted',
	'event_changed',
	'payment_due',
	'reminder'
] as const;

export const NotificationKind = z.enum(NOTIFICATION_KINDS);
export type NotificationKind = z.infer<typeof NotificationKind>;

/** A checkbox: posted ("on") when checked, absent when not. */
const checkbox = z
	.string()
	.max(10)
	.optional()
	.transform((v) => v !== undefined);

/** The profile's form: every kind's box, checked or not (a kind always sent is ignored). */
export const NotificationsForm = z.object(
	Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, checkbox])) as Record<
		NotificationKind,
		typeof checkbox
	>
);
export type NotificationsForm = z.output<typeof NotificationsForm>;

export const UnsubscribeQuery = z.object({
	/** From the mail's List-Unsubscribe link: names the member and the kind, sealed by the site. */
	token: z.string().min(1).max(1000)
});

export const UnsubscribeResponse = z.object({
	/** The kind now turned off (again, if it already was). */
	kind: NotificationKind,
	enabled: z.literal(false)
});
export type UnsubscribeResponse = z.infer<typeof UnsubscribeResponse>;

/** The unit page's button: follow (1) or stop following (0). */
export const FollowForm = z.object({ follow: z.enum(['1', '0']).transform((v) => v === '1') });
