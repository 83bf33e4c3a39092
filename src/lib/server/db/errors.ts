// The store failures a request can meet through no fault of its own: another connection holding
// a lock past the wait limit, a full disk, or (PostgreSQL) a server that is restarting, out of
// connections or unreachable. All are answered 503 with Retry-After (see docs/decisions.md); the
// engine has rolled the statement back, so nothing is half-written.
export interface StorageUnavailable {
	reason: 'busy' | 'full' | 'down';
	retryAfterSeconds: number;
}

const BUSY_RETRY_SECONDS = 2;
const FULL_RETRY_SECONDS = 60;
const DOWN_RETRY_SECONDS = 5;

// PostgreSQL SQLSTATEs: lock_not_available, query_canceled (statement_timeout), deadlock and
// serialization failures; too many connections; disk full; shutdown and "cannot connect now".
const PG_BUSY = new Set(['55P03', '57014', '40P01', '40001', '53300']);
const PG_FULL = new Set(['53100']);
const PG_DOWN = new Set(['57P01', '57P02', '57P03']);
const NODE_DOWN = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND']);

export function storageUnavailable(error: unknown): StorageUnavailable | null {
	if (typeof error !== 'object' || error === null) return null;
	const code = (error as { code?: unknown }).code;
	if (typeof code === 'string') {
		if (code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED') || PG_BUSY.has(code)) {
			return { reason: 'busy', retryAfterSeconds: BUSY_RETRY_SECONDS };
		}
		if (code === 'SQLITE_FULL' || PG_FULL.has(code)) {
			return { reason: 'full', retryAfterSeconds: FULL_RETRY_SECONDS };
		}
		if (PG_DOWN.has(code) || code.startsWith('08') || NODE_DOWN.has(code)) {
			return { reason: 'down', retryAfterSeconds: DOWN_RETRY_SECONDS };
		}
	}
	// pg's pool gives no code when no connection was free within the wait limit.
	const message = (error as { message?: unknown }).message;
	if (typeof message === 'string' && /^timeout exceeded when trying to connect/i.test(message)) {
		return { reason: 'busy', retryAfterSeconds: BUSY_RETRY_SECONDS };
	}
	if (typeof message === 'string' && /Connection terminated/i.test(message)) {
		return { reason: 'down', retryAfterSeconds: DOWN_RETRY_SECONDS };
	}
	return null;
}
