// Wire shapes of the /api routes: the handlers validate with them and the OpenAPI document is
// generated from them, so the two cannot drift.
import { z } from 'zod';

export const ErrorBody = z.object({
	error: z.string(),
	details: z.unknown().optional(),
	code: z.string().optional()
});

export const HealthResponse = z.object({
	status: z.literal('ok'),
	timestamp: z.iso.datetime()
});

export const AnonymousSessionResponse = z.object({ success: z.literal(true) });

export const AuthCheckResponse = z.union([
	z.object({
		authenticated: z.literal(true),
		user: z.object({ id: z.string(), email: z.string(), name: z.string() })
	}),
	z.object({ authenticated: z.literal(false) })
]);

export const CronQuery = z.object({ secret: z.string().optional() });
export const CronResponse = z.object({
	success: z.literal(true),
	deleted: z.number().int().min(0)
});
/** What a notifications run did: notices written, queued ones sent and failed (a retry follows). */
export const NotificationsRunResponse = z.object({
	success: z.literal(true),
	reminders: z.number().int().min(0),
	registrationOpens: z.number().int().min(0),
	sent: z.number().int().min(0),
	failed: z.number().int().min(0)
});
export const CronFailure = z.object({
	success: z.literal(false),
	error: z.literal('Internal error')
});

export const CampusId = z.string().regex(/^[a-z0-9-]{1,40}$/);

/** `campus` is checked against the known campuses by the handler (see leadershipQuery). */
export const CampusLeadershipQuery = z.object({
	campus: CampusId.optional(),
	lang: z.enum(['no', 'en']).optional()
});

/** The query schema once the known campus ids are at hand: an unknown campus is a validation error. */
export function leadershipQuery(campusIds: readonly string[]) {
	return CampusLeadershipQuery.extend({
		campus: z
			.string()
			.refine((id) => campusIds.includes(id), {
				message: `Unknown campus; one of: ${campusIds.join(', ')}`
			})
			.optional()
	});
}

export const CampusLeadershipResponse = z.object({
	locale: z.enum(['no', 'en']),
	campuses: z.array(
		z.object({
			id: z.string(),
			name: z.string(),
			leaders: z.array(
				z.object({
					name: z.string(),
					/** The public title, else the role's word ("Leader"). */
					role: z.string(),
					unit: z.object({ id: z.string(), name: z.string() })
				})
			)
		})
	)
});
export type CampusLeadership = z.infer<typeof CampusLeadershipResponse>;

export const GoneBody = ErrorBody.extend({
	code: z.literal('deprecated'),
	details: z.object({ replacement: z.string() })
});

/** GET /api/files/{id}: the stored file, or its thumbnail (an image's; a PDF has none). */
export const FileQuery = z.object({ variant: z.enum(['file', 'thumbnail']).optional() });
