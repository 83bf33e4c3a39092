// The kinds of e-mail a member is sent about events, each one a choice of theirs except a payment
// deadline: that mail always goes, since without it a held seat would be lost without warning.
import { NOTIFICATION_KINDS, NotificationKind } from '$lib/schemas/notifications';

export { NOTIFICATION_KINDS, NotificationKind };

/** Kinds that are always sent: shown on the profile, checked and not to be changed. */
export const ALWAYS_SENT: ReadonlySet<NotificationKind> = new Set(['payment_due']);

/** Each kind on or off. */
export type Preferences = Record<NotificationKind, boolean>;

/** What a member who never chose has: every kind on (docs/decisions.md). */
export const DEFAULT_PREFERENCES: Preferences = Object.fromEntries(
	NOTIFICATION_KINDS.map((k) => [k, true])
) as Preferences;
