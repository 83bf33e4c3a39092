// A safety report's statuses: one list for the domain (lib/server/safety), its schemas and the
// safety team's pages. Neither zod nor server code here, so a page may import it.
export const SAFETY_STATUSES = ['new', 'in_review', 'closed'] as const;
export type SafetyStatus = (typeof SAFETY_STATUSES)[number];
