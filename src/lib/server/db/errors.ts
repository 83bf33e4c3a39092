// The store failures a request can meet through no fault of its own: another connection holding
// the write lock past the busy timeout, or a full disk. Both are answered 503 with Retry-After
// (see docs/decisions.md); SQLite has rolled the statement back, so nothing is half-written.
export interface StorageUnavailable {
	reason: 'busy' | 'full';
	retryAfterSeconds: number;
}

const BUSY_RETRY_SECONDS = 2;
const FULL_RETRY_SECONDS = 60;

export function storageUnavailable(error: unknown): StorageUnavailable | null {
	const code =
		typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
	if (typeof code !== 'string') return null;
	if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED')) {
		return { reason: 'busy', retryAfterSeconds: BUSY_RETRY_SECONDS };
	}
	if (code === 'SQLITE_FULL') return { reason: 'full', retryAfterSeconds: FULL_RETRY_SECONDS };
	return null;
}
