import { unsubscribeOneClick, unsubscribePageRedirect } from '$lib/server/web/notifications';
import type { RequestHandler } from './$types';

// One-click unsubscribe (RFC 8058) of a notification's mail: the mail client POSTs here (body
// `List-Unsubscribe=One-Click`, or none) without a session; a person following the link with a
// GET is sent to the page that asks them to confirm. The rules are web/notifications.ts.
export const POST: RequestHandler = (event) => unsubscribeOneClick(event);
export const GET: RequestHandler = (event) => unsubscribePageRedirect(event);
