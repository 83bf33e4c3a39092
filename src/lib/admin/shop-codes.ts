// The codes of the shop's admin forms and filters, apart from their zod schemas so that a page can
// list them without bringing zod into the browser.

export const PLAN_PERIODS = ['semester', 'year'] as const;
export const PLAN_AUDIENCES = ['student', 'regular'] as const;
