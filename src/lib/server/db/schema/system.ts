// What the site keeps for itself: settings, rate limits, job leases and the audit log.

export interface AppMetaTable {
	key: string;
	value: string;
}

export interface RateLimitsTable {
	key: string;
	count: number;
	reset_at_ms: number;
}

export interface JobLeasesTable {
	name: string;
	/** The instance (a random id per process) that runs the job. */
	holder: string;
	expires_at: string;
}

export interface AuditLogTable {
	id: string;
	at: string;
	/** A user id or "system:<job>". */
	actor: string;
	subject_type: string;
	subject_id: string;
	action: string;
	/** JSON text. */
	details: string | null;
}
