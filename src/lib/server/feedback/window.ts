// When an event's feedback form is open: from the event's end for 14 days, long enough for a
// weekly reminder and short enough that the answers are about the event people remember.

export const FEEDBACK_OPEN_DAYS = 14;
const DAY_MS = 86_400_000;

export type WindowState = 'not_yet' | 'open' | 'closed';

export interface FeedbackWindow {
	opensAt: string;
	closesAt: string;
}

/** The form's window for an event ending at `endsAt` (its start when it has no end). */
export function feedbackWindow(event: { startsAt: string; endsAt: string | null }): FeedbackWindow {
	const opens = Date.parse(event.endsAt || event.startsAt);
	return {
		opensAt: new Date(opens).toISOString(),
		closesAt: new Date(opens + FEEDBACK_OPEN_DAYS * DAY_MS).toISOString()
	};
}

export function windowState(window: FeedbackWindow, now: Date): WindowState {
	const t = now.getTime();
	if (t < Date.parse(window.opensAt)) return 'not_yet';
	return t < Date.parse(window.closesAt) ? 'open' : 'closed';
}
