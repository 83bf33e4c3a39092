import { defineConfig } from '@playwright/test';
import e2e from './playwright.config';

// `npm run screenshots`: the main journeys photographed at a desktop's and a phone's size in both
// languages, for people to look at (not a test: nothing is asserted but that each page opens).
// The same built server on a fresh database as the end-to-end tests; the pictures go to
// screenshots/ (not committed).
export default defineConfig({
	...e2e,
	testDir: 'tests/screenshots',
	testMatch: '*.ts',
	// One journey at a time: each is long, and a loaded machine photographs half-drawn pages.
	fullyParallel: false,
	workers: 1,
	timeout: 180_000,
	use: { ...e2e.use, trace: 'off' }
});
