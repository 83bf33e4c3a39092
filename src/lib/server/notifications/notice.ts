// Writing a notification's mail to the outbox: only when the member has its kind on (read in the
// caller's transaction, so a choice saved before is seen), marked so that its delivery adds the
// one-click unsubscribe link. A kind always sent goes as a plain mail, without the link.
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { recordMail, type MailMessage } from '../mail';
import { ALWAYS_SENT, type NotificationKind } from './kinds';
import { wants } from './preferences';
import type { NotificationLocale } from './words';

/** The outbox row's id, or null when the member turned this kind off (nothing is written). */
export async function recordNotice(
	db: Kysely<Database>,
	notice: { kind: NotificationKind; userId: string; locale: NotificationLocale },
	message: MailMessage,
	now = new Date()
): Promise<string | null> {
	if (ALWAYS_SENT.has(notice.kind)) return recordMail(db, message, now);
	if (!(await wants(db, notice.userId, notice.kind))) return null;
	return recordMail(db, { ...message, notice }, now);
}
