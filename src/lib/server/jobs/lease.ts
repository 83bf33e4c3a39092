// A scheduled job runs on one instance per period, however many instances run the schedule: the
// first to take the job's lease runs it, and the lease outlives the run until just before the next
// period, so an instance whose clock or tick comes a little later finds it taken and skips.
// Expired leases are taken over, so a crashed holder delays the job by one period at most.
import { randomUUID } from 'node:crypto';
import type { Db } from '../db';

/** This process, as a lease holder. */
export const INSTANCE_ID = randomUUID();

/**
 * Takes `job`'s lease for `forMs` when nobody holds it; false when another holder's lease has not
 * run out. One statement: of instances racing for it, exactly one inserts or updates the row.
 */
export async function takeLease(
	db: Db,
	job: string,
	forMs: number,
	now = new Date(),
	holder: string = INSTANCE_ID
): Promise<boolean> {
	const nowIso = now.toISOString();
	const result = await db
		.insertInto('job_leases')
		.values({ name: job, holder, expires_at: new Date(now.getTime() + forMs).toISOString() })
		.onConflict((oc) =>
			oc
				.column('name')
				.doUpdateSet((eb) => ({
					holder: eb.ref('excluded.holder'),
					expires_at: eb.ref('excluded.expires_at')
				}))
				.where('job_leases.expires_at', '<=', nowIso)
		)
		.executeTakeFirst();
	return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}
