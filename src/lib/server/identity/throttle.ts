// The growing delay after failed sign-ins, per account and per client address. A few failures
// are free; after that each further attempt must wait twice as long as the one before, up to
// 15 minutes. Failures are forgotten an hour after the last one. Pure rules, no storage.

export const ACCOUNT_FREE_FAILURES = 5;
export const ADDRESS_FREE_FAILURES = 20;
export const FIRST_DELAY_MS = 15_000;
export const MAX_DELAY_MS = 15 * 60_000;
export const FORGET_AFTER_MS = 60 * 60_000;

export const accountKey = (email: string) => `account:${email}`;
export const addressKey = (address: string) => `address:${address}`;

export function delayAfter(failures: number, free: number): number {
	if (failures < free) return 0;
	return Math.min(MAX_DELAY_MS, FIRST_DELAY_MS * 2 ** (failures - free));
}

/** Milliseconds the caller must still wait, 0 when an attempt may be made now. */
export function waitMs(
	rows: { key: string; failures: number; lastFailureAt: string }[],
	now: number
): number {
	let wait = 0;
	for (const row of rows) {
		const last = Date.parse(row.lastFailureAt);
		if (now - last >= FORGET_AFTER_MS) continue;
		const free = row.key.startsWith('address:') ? ADDRESS_FREE_FAILURES : ACCOUNT_FREE_FAILURES;
		wait = Math.max(wait, last + delayAfter(row.failures, free) - now);
	}
	return Math.max(0, wait);
}
