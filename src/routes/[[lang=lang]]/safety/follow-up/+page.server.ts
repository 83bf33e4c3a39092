import { followUpOpenAction, followUpReplyAction } from '$lib/server/web/safety-reporter';
import type { Actions } from './$types';

// The reporter's way back: receipt code and passphrase, posted (never in the URL), open the report
// and its conversation and let them answer (web/safety-reporter.ts). The page is not kept by the
// browser's cache.
export const actions: Actions = {
	open: (event) => followUpOpenAction(event),
	reply: (event) => followUpReplyAction(event)
};
