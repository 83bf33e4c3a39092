// Fixed-window rate limiting per (bucket, client): the client address, or for signed-in actions
// the member (memberKey). The store is a port: in memory for the
// one process of an SQLite site; in PostgreSQL when several instances share one (db/postgres.ts).

export interface Limit {
	max: number;
	windowMs: number;
}

export interface RateLimitStore {
	/** Counts one hit on `key` and returns the count in the current window and when it resets. */
	hit(key: string, windowMs: number, now: number): Promise<{ count: number; resetAt: number }>;
}

/** `"10/60"`: at most 10 requests per 60 seconds. */
export function parseLimit(value: string): Limit | undefined {
	const match = /^(\d{1,6})\/(\d{1,6})$/.exec(value.trim());
	if (!match) return undefined;
	const max = Number(match[1]);
	const seconds = Number(match[2]);
	if (max < 1 || seconds < 1) return undefined;
	return { max, windowMs: seconds * 1000 };
}

export function memoryRateLimitStore(maxKeys = 50_000): RateLimitStore {
	const windows = new Map<string, { count: number; resetAt: number }>();
	return {
		async hit(key, windowMs, now) {
			let entry = windows.get(key);
			if (!entry || entry.resetAt <= now) {
				if (windows.size >= maxKeys) sweep(now);
				entry = { count: 0, resetAt: now + windowMs };
				windows.set(key, entry);
			}
			entry.count += 1;
			return { count: entry.count, resetAt: entry.resetAt };
		}
	};

	function sweep(now: number) {
		for (const [key, entry] of windows) if (entry.resetAt <= now) windows.delete(key);
		// Still full of live windows: drop the oldest rather than grow without bound.
		while (windows.size >= maxKeys) {
			const oldest = windows.keys().next().value;
			if (oldest === undefined) break;
			windows.delete(oldest);
		}
	}
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

export function rateLimiter<B extends string>(store: RateLimitStore, limits: Record<B, Limit>) {
	return async (bucket: B, client: string, now = Date.now()): Promise<RateDecision> => {
		const limit = limits[bucket];
		const { count, resetAt } = await store.hit(`${bucket}:${client}`, limit.windowMs, now);
		if (count <= limit.max) return { allowed: true };
		return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((resetAt - now) / 1000)) };
	};
}

/**
 * The client a signed-in action counts against: the member, wherever they are. Hundreds of
 * students behind one campus address must not share a limit. Never an address (no colon prefix).
 */
export function memberKey(userId: string): string {
	return `member:${userId}`;
}

/**
 * The client address: the first hop of x-forwarded-for when a trusted proxy sets it, otherwise
 * the socket's address (a client can write any x-forwarded-for it likes).
 */
export function clientAddress(
	forwardedFor: string | null,
	socketAddress: string,
	trustProxy: boolean
): string {
	if (trustProxy && forwardedFor) {
		const first = forwardedFor.split(',')[0]?.trim();
		if (first) return first;
	}
	return socketAddress;
}
