import { attendanceAction, attendancePage } from '$lib/server/web/attendance';
import type { Actions, PageServerLoad } from './$types';

// Who came to the event (present, late, no-show) and the marks given for it; the organiser
// changes a state or removes a mark with a reason (web/attendance.ts).
export const load: PageServerLoad = (event) => attendancePage(event);

export const actions: Actions = {
	state: attendanceAction('state'),
	removeMark: attendanceAction('removeMark')
};
