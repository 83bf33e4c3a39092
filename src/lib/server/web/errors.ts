// The error convention of every /api handler: { error, details?, code? }. Domain code throws the
// typed errors of ../errors.ts; toErrorResponse maps them, and anything else becomes a 500 with no internals.
import { json } from '@sveltejs/kit';
import type { z } from 'zod';
import { storageUnavailable, type StorageUnavailable } from '../db/errors';
import { Conflict, DomainError, Forbidden, Invalid, NotFound } from '../errors';
import { errorFields, log } from '../log';

export interface ErrorBody {
	error: string;
	details?: unknown;
	code?: string;
}

export function errorResponse(status: number, body: ErrorBody, headers?: HeadersInit): Response {
	return json(body, { status, headers });
}

export function validationFailed(error: z.ZodError): Response {
	return errorResponse(400, { error: 'Validation failed', details: error.issues });
}

const STATUS: [new (...args: never[]) => DomainError, number][] = [
	[NotFound, 404],
	[Forbidden, 403],
	[Conflict, 409],
	[Invalid, 400]
];

/** The status a domain refusal answers with; null for anything else (a fault, not a refusal). */
export function domainStatus(error: unknown): number | null {
	return STATUS.find(([type]) => error instanceof type)?.[1] ?? null;
}

/** 503 with Retry-After: the store could not take the write now (locked or full). */
export function unavailableResponse(unavailable: StorageUnavailable): Response {
	return errorResponse(
		503,
		{ error: 'Service unavailable', code: `storage_${unavailable.reason}` },
		{ 'retry-after': String(unavailable.retryAfterSeconds), 'cache-control': 'no-store' }
	);
}

/** Maps a thrown error to the convention; logs the unexpected ones with the request id. */
export function toErrorResponse(error: unknown, requestId: string): Response {
	const unavailable = storageUnavailable(error);
	if (unavailable) {
		log.warn('store unavailable', { id: requestId, ...unavailable, ...errorFields(error) });
		return unavailableResponse(unavailable);
	}
	const status = domainStatus(error);
	if (status !== null) {
		const refusal = error as DomainError;
		return errorResponse(status, {
			error: refusal.message,
			...(refusal.code ? { code: refusal.code } : {}),
			...(refusal.details ? { details: refusal.details } : {})
		});
	}
	log.error('unexpected error', { id: requestId, ...errorFields(error) });
	return errorResponse(500, { error: 'Internal server error' });
}

/** Whether an If-None-Match header names `etag` (a list, weak validators and `*` allowed). */
export function etagMatches(ifNoneMatch: string | null, etag: string): boolean {
	if (!ifNoneMatch) return false;
	return ifNoneMatch
		.split(',')
		.map((t) => t.trim().replace(/^W\//, ''))
		.some((t) => t === '*' || t === etag);
}

const API_STATUS_TEXT: Record<number, string> = { 404: 'Not found', 405: 'Method not allowed' };

/**
 * SvelteKit's own answers on /api paths (an unknown path renders the HTML 404 page, a method the
 * route does not export is a plain-text 405) in the convention; the `allow` header is kept.
 */
export function asApiError(response: Response): Response {
	const error = API_STATUS_TEXT[response.status];
	if (!error || response.headers.get('content-type')?.includes('application/json')) return response;
	const allow = response.headers.get('allow');
	return errorResponse(response.status, { error }, allow ? { allow } : undefined);
}
