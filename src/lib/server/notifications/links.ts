// The unsubscribe links of a notification's mail, for the mailer to add at delivery: the API's
// one-click URL (RFC 8058) for the mail client's header, and for a person reading the mail a page
// in their language that asks them to confirm with a button (a link that is only followed, by them
// or by a mail scanner, changes nothing). Both on PUBLIC_ORIGIN. Without a public origin (a delivery may run outside
// any request, from a scheduled job) there is no absolute link to give: the mail goes without one.
import type { Keyring } from '../crypto/keyring';
import type { NoticeLinks } from '../mail';
import { NotificationKind } from './kinds';
import { unsubscribeToken } from './unsubscribe-token';
import { unsubscribeFooter } from './words';

export const UNSUBSCRIBE_PATH = '/api/notifications/unsubscribe';
/** The confirming page, without its locale prefix. */
export const UNSUBSCRIBE_PAGE = '/notifications/unsubscribe';

export function noticeLinks(keyring: Keyring, origin: string | undefined): NoticeLinks {
	return (notice) => {
		const kind = NotificationKind.safeParse(notice.kind);
		if (!origin || !kind.success) return null;
		const token = unsubscribeToken(keyring, { userId: notice.userId, kind: kind.data });
		const page = `${origin}/${notice.locale}${UNSUBSCRIBE_PAGE}?token=${token}`;
		return {
			url: `${origin}${UNSUBSCRIBE_PATH}?token=${token}`,
			footer: unsubscribeFooter(notice.locale, kind.data, page)
		};
	};
}
