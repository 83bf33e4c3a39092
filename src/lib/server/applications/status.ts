// Where an application may go from where it is: received → in review → interview → offered or
// declined. Review, interview and decline may be skipped towards the end (an obvious mismatch is
// declined at once; a known candidate may be offered after review); nothing goes back, and offered
// and declined are final. The one rule the inbox and its tests go by.
import type { ApplicationStatus } from '$lib/schemas/application';

export const NEXT: Record<ApplicationStatus, readonly ApplicationStatus[]> = {
	received: ['in_review', 'declined'],
	in_review: ['interview', 'offered', 'declined'],
	interview: ['offered', 'declined'],
	offered: [],
	declined: []
};

export function mayMove(from: string, to: string): boolean {
	return (NEXT[from as ApplicationStatus] ?? []).includes(to as ApplicationStatus);
}
