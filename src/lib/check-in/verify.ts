// A ticket checked in the browser, offline: its signature with the public keys the door page
// kept (WebCrypto Ed25519), its event, and whether its registration is on the kept list. What the
// server answers later is what counts; this lets the door go on without it.
import { parseTicket } from '$lib/tickets/format';

export interface KeptKey {
	id: string;
	raw: string;
}

export type OfflineVerdict =
	| { ok: true; registrationId: string }
	| { ok: false; code: 'malformed_ticket' | 'forged_ticket' | 'other_event' };

const imported = new Map<string, Promise<CryptoKey>>();

function keyOf(key: KeptKey): Promise<CryptoKey> {
	let found = imported.get(key.raw);
	if (!found) {
		const bytes = Uint8Array.from(atob(key.raw.replace(/-/g, '+').replace(/_/g, '/')), (c) =>
			c.charCodeAt(0)
		);
		found = crypto.subtle.importKey('raw', bytes, { name: 'Ed25519' }, false, ['verify']);
		imported.set(key.raw, found);
	}
	return found;
}

export async function verifyOffline(
	token: string,
	eventId: string,
	keys: KeptKey[]
): Promise<OfflineVerdict> {
	const parts = parseTicket(token.trim());
	if (!parts) return { ok: false, code: 'malformed_ticket' };
	const key = keys.find((k) => k.id === parts.keyId);
	if (!key) return { ok: false, code: 'forged_ticket' };
	const valid = await crypto.subtle.verify(
		{ name: 'Ed25519' },
		await keyOf(key),
		parts.signature as BufferSource,
		parts.signed as BufferSource
	);
	if (!valid) return { ok: false, code: 'forged_ticket' };
	if (parts.eventId !== eventId) return { ok: false, code: 'other_event' };
	return { ok: true, registrationId: parts.registrationId };
}
