// The roles a person may have in a unit's team: one list for the identity domain
// (lib/server/identity/types.ts), the invitation and team schemas and the admin's pages. Neither
// zod nor server code here, so a page may import it.
export const UNIT_ROLES = ['member', 'leader', 'finance'] as const;
export type UnitRole = (typeof UNIT_ROLES)[number];
