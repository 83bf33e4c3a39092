// Every text of a report is encrypted with the site's keyring, bound to its row and column (the
// additional data named here), so a sealed value copied to another row or column does not open.
import { KeyError, type Keyring } from '../crypto/keyring';
import { errorFields, log } from '../log';

/** The binding of a report's own texts: its body, and the reporter's name and e-mail. */
export const field = (id: string, column: 'body' | 'name' | 'email') =>
	`safety_report:${id}:${column}`;
/** The binding of one message of a report's conversation. */
export const messageAad = (id: string) => `safety_message:${id}`;

export type Open = (stored: string | null, aad: string) => string | null;

/** Opens a sealed text; null when there is none, or when its key is missing on this machine. */
export function opener(keyring: Keyring): Open {
	return (stored, aad) => {
		if (stored === null) return null;
		try {
			return keyring.decrypt(stored, aad);
		} catch (error) {
			if (!(error instanceof KeyError)) throw error;
			log.error('safety report unreadable', { aad, ...errorFields(error) });
			return null;
		}
	};
}
