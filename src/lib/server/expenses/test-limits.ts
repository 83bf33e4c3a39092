// The limits the expense tests (unit and integration) run under: the configuration's defaults
// (config.ts), written once so that a test and the server it starts agree on them.
import type { ExpenseLimits } from './input';

export const TEST_LIMITS: ExpenseLimits = {
	maxLineOre: 5_000_000,
	financeLimitOre: 500_000,
	mileageRateOre: 350,
	receiptMaxAgeDays: 365
};
