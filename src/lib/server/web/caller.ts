// The caller's context is put on event.locals once per request: by the hook from the session
// cookie, and again where a request starts a session of its own (signing in, a cart's anonymous
// session), so that routes never build it and never see one that is out of date.
import { userContext } from '../context';
import type { SessionUser } from '../identity/types';

export function setCaller(
	locals: App.Locals,
	user: SessionUser | null,
	sessionId: string | null,
	readOnly = false
): void {
	locals.user = user;
	locals.sessionId = sessionId;
	locals.caller = userContext(user, sessionId, readOnly);
}
