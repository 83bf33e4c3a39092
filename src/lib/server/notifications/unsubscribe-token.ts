// The token of a one-click unsubscribe link: the member and the kind, sealed with the site's
// keyring (AES-GCM: authenticated, so it cannot be forged or altered, and opaque, so the link does
// not show the account's id). It is checked without the database and does not expire: a mail is
// read late, and the link only ever turns a kind off. Retiring a key from the keyring ends the
// links made with it.
import { z } from 'zod';
import type { Keyring } from '../crypto/keyring';
import { NotificationKind } from './kinds';

/** Binds the sealed value to its use: a value sealed for anything else is refused. */
const PURPOSE = 'notification-unsubscribe';
/** The keyring's `:` separators are `.` in a link (base64url never has one). */
const SEPARATOR = '.';

const Payload = z.object({ u: z.string().min(1), k: NotificationKind });

export interface Unsubscribe {
	userId: string;
	kind: NotificationKind;
}

export function unsubscribeToken(keyring: Keyring, { userId, kind }: Unsubscribe): string {
	return keyring
		.encrypt(JSON.stringify({ u: userId, k: kind }), PURPOSE)
		.replaceAll(':', SEPARATOR);
}

/** The member and kind a token names; null for a token not made by this site's keyring. */
export function readUnsubscribeToken(keyring: Keyring, token: string): Unsubscribe | null {
	try {
		const plain = keyring.decrypt(token.replaceAll(SEPARATOR, ':'), PURPOSE);
		const payload = Payload.parse(JSON.parse(plain));
		return { userId: payload.u, kind: payload.k };
	} catch {
		return null;
	}
}
