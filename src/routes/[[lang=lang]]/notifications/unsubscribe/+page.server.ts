import { unsubscribeConfirmAction, unsubscribePage } from '$lib/server/web/notifications';
import type { Actions, PageServerLoad } from './$types';

// The page a mail's "turn these e-mails off" link opens: it changes nothing until its button is
// pressed (a GET must not: RFC 8058, and mail scanners follow links). No sign-in needed.
export const load: PageServerLoad = (event) => unsubscribePage(event);

export const actions: Actions = {
	confirm: (event) => unsubscribeConfirmAction(event)
};
