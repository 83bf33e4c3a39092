import { services } from '$lib/server/app';
import { cronRoute } from '$lib/server/web/cron';

// The notifications' run for a site that schedules its jobs from outside (CRON_ENABLED=false): the
// reminders and registration openings due, then the queued notices the rate allows.
const run = cronRoute('notifications run', async () => ({
	...(await services().notifications.runDue())
}));

export const GET = run;
export const POST = run;
