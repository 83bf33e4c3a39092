import { answerFeedbackAction, feedbackPage } from '$lib/server/web/feedback';
import type { Actions, PageServerLoad } from './$types';

// An attendee's feedback on an event once it is over: a rating and a comment, on a page of its
// own so that the event page carries only a link. A plain form that works without JavaScript.
export const load: PageServerLoad = (event) => feedbackPage(event);

export const actions: Actions = { default: (event) => answerFeedbackAction(event) };
