// Writing a notification's mail to the outbox: only when the member has its kind on (read in the
// caller's transaction, so a choice saved before is seen), marked so that its delivery adds the
// one-click unsubscribe link. A kind always sent goes as a plain mail, without the link. A bulk
// notice names its occasion: it is written once per occasion and left to the outbox's drain, which
// sends it at the bounded rate (mail/drain.ts); one without is the caller's to deliver at once.
import type { Kysely } from 'kysely';
import type { Database } from '../db';
import { recordMail, recordQueued, type MailMessage } from '../mail';
import { ALWAYS_SENT, type NotificationKind } from './kinds';
import { wants } from './preferences';
import type { NotificationLocale } from './words';

/**
 * The outbox row's id, or null when the member turned this kind off or the occasion's mail was
 * written before (nothing is written).
 */
export async function recordNotice(
	db: Kysely<Database>,
	notice: { kind: NotificationKind; userId: string; locale: NotificationLocale },
	message: MailMessage,
	now = new Date(),
	occasion?: string
): Promise<string | null> {
	const always = ALWAYS_SENT.has(notice.kind);
	if (!always && !(await wants(db, notice.userId, notice.kind))) return null;
	const marked = always ? message : { ...message, notice };
	return occasion ? recordQueued(db, marked, occasion, now) : recordMail(db, marked, now);
}
