// Event feedback's domain types: an attendee's view of the form, their answer, the organisers'
// results. Inputs are the zod shapes of $lib/schemas/feedback.
import type { FeedbackWindow, WindowState } from './window';

export {
	FEEDBACK_COMMENT_MAX,
	FEEDBACK_RATINGS,
	FeedbackForm,
	FeedbackInput,
	FeedbackSettingsForm
} from '$lib/schemas/feedback';

export interface FeedbackAnswer {
	rating: number;
	comment: string | null;
}

/**
 * What the attendee's page shows: the window, where it stands for them (`not_attended`: the form
 * is open, but not to them) and their answer so far.
 */
export interface MemberFeedback extends FeedbackWindow {
	eventId: string;
	title: { no: string; en: string };
	state: WindowState | 'not_attended';
	mine: FeedbackAnswer | null;
}

/** The organisers' results: no names, and the comments in no order that follows who or when. */
export interface FeedbackResults extends FeedbackWindow {
	eventId: string;
	title: { no: string; en: string };
	enabled: boolean;
	count: number;
	/** Null without answers. */
	average: number | null;
	/** Answers per rating, 1 to 5. */
	distribution: Record<1 | 2 | 3 | 4 | 5, number>;
	comments: FeedbackAnswer[];
}
