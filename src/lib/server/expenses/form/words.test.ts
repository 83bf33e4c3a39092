import { afterEach, describe, expect, it } from 'vitest';
import { m } from '$lib/paraglide/messages';
import { baseLocale, overwriteGetLocale } from '$lib/paraglide/runtime';
import { fill } from '$lib/template';
import { claimFormTexts } from './words';

const LIMITS = { maxFiles: 10, maxFileBytes: 10 * 1048576 };

afterEach(() => overwriteGetLocale(() => baseLocale));

describe("the claim form's words with a value the browser puts in", () => {
	for (const locale of ['no', 'en'] as const) {
		it(`read as the messages themselves once filled (${locale})`, () => {
			overwriteGetLocale(() => locale);
			const t = claimFormTexts(LIMITS);
			expect(t.receipt_line).toBe(locale === 'en' ? 'Receipt {n}' : 'Kvittering {n}');
			const o = { locale };
			const name = 'kvittering {n}.pdf';
			const mileage = { km: '12,5', rate: '3,50 kr', amount: '43,75 kr' };
			expect(fill(t.receipt_line, { n: 2 })).toBe(m.expense_form_receipt_line({ n: 2 }, o));
			expect(fill(t.mileage_line, { n: 3 })).toBe(m.expense_form_mileage_line({ n: 3 }, o));
			expect(fill(t.remove_line, { n: 4 })).toBe(m.expense_form_remove_line({ n: 4 }, o));
			expect(fill(t.file_received, { name })).toBe(m.expense_form_file_received({ name }, o));
			expect(fill(t.uploading, { name })).toBe(m.expense_form_uploading({ name }, o));
			expect(fill(t.preview, { name })).toBe(m.expense_form_preview({ name }, o));
			expect(fill(t.mileage_amount, mileage)).toBe(m.expense_form_mileage_amount(mileage, o));
			expect(fill(t.mileage_rate, { rate: '3,50 kr' })).toBe(
				m.expense_form_mileage_rate({ rate: '3,50 kr' }, o)
			);
			expect(fill(t.running_total, { amount: '12 kr' })).toBe(
				m.expense_form_running_total({ amount: '12 kr' }, o)
			);
			expect(fill(t.saved_total, { amount: '12 kr' })).toBe(
				m.expense_form_saved_total({ amount: '12 kr' }, o)
			);
			expect(fill(t.saved_at, { time: '14:05' })).toBe(
				m.expense_form_saved_at({ time: '14:05' }, o)
			);
			const without = { time: '14:05', fields: 'Payout account' };
			expect(fill(t.saved_without, without)).toBe(m.expense_form_saved_without(without, o));
			expect(fill(t.autosave_failed, { reason: 'x' })).toBe(
				m.expense_form_autosave_failed({ reason: 'x' }, o)
			);
			expect(t.file_too_large).toBe(m.file_error_too_large({ max: '10 MB' }, o));
		});
	}
});
