// What the door page keeps on the phone (localStorage, one entry per event): the kit it loaded
// (attendees with their tickets, the public keys), the check-ins it knows of, its door's name and
// the scans made offline that the server has not had yet. Survives a reload without a network.
export interface KeptAttendee {
	registrationId: string;
	name: string;
	pool: { no: string; en: string } | null;
	token: string;
	checkedIn: { at: string; door: string } | null;
}

export interface KeptDoor {
	eventId: string;
	keys: { id: string; raw: string }[];
	attendees: KeptAttendee[];
	door: string;
	queue: { token: string; at: string }[];
}

const storageKey = (eventId: string) => `orgweb-door:${eventId}`;

export function readKept(eventId: string): KeptDoor | null {
	try {
		const text = localStorage.getItem(storageKey(eventId));
		return text ? (JSON.parse(text) as KeptDoor) : null;
	} catch {
		return null;
	}
}

export function writeKept(kept: KeptDoor): void {
	try {
		localStorage.setItem(storageKey(kept.eventId), JSON.stringify(kept));
	} catch {
		// A full or refused storage: the page goes on in memory.
	}
}

/**
 * The kit the server just gave, joined with what this phone kept: scans still queued keep their
 * people checked in here, and the door keeps its name.
 */
export function merged(
	fresh: Omit<KeptDoor, 'door' | 'queue'>,
	kept: KeptDoor | null,
	door: string
): KeptDoor {
	const queue = kept?.queue ?? [];
	const local = new Map(
		(kept?.attendees ?? []).filter((a) => a.checkedIn).map((a) => [a.registrationId, a.checkedIn])
	);
	return {
		...fresh,
		attendees: fresh.attendees.map((a) => ({
			...a,
			checkedIn: a.checkedIn ?? (queue.length > 0 ? (local.get(a.registrationId) ?? null) : null)
		})),
		door: kept?.door ?? door,
		queue
	};
}
