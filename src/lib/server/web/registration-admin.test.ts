import { describe, expect, it } from 'vitest';
import { parseSettings, readSettings } from './registration-admin';

// The settings form as posted: read as typed, parsed into the engine's input with Oslo times and
// kroner, each problem named by the form's own field.
function posted(fields: Record<string, string | string[]>): FormData {
	const form = new FormData();
	for (const [name, value] of Object.entries(fields)) {
		for (const v of Array.isArray(value) ? value : [value]) form.append(name, v);
	}
	return form;
}

const base = {
	enabled: 'on',
	opensAt: '2026-12-01T12:00',
	closesAt: '2026-12-02T12:00',
	capacity: '10',
	mode: 'first_come',
	answerKeepDays: '30'
};

describe('the registration settings form', () => {
	it('reads Oslo times as instants, kroner as øre, and leaves out the pools marked for removal', () => {
		const values = readSettings(
			posted({
				...base,
				priceMember: '149,50',
				poolCount: '2',
				'pool-0-nameNo': 'Gammel',
				'pool-0-nameEn': 'Old',
				'pool-0-seats': '3',
				'pool-0-remove': 'on',
				'pool-1-nameNo': 'Enheter',
				'pool-1-nameEn': 'Units',
				'pool-1-seats': '4',
				'pool-1-eligibility': 'units',
				'pool-1-units': ['choir', 'band']
			})
		);
		const parsed = parseSettings(values);
		expect(parsed).toMatchObject({
			ok: true,
			input: {
				opensAt: '2026-12-01T11:00:00.000Z',
				closesAt: '2026-12-02T11:00:00.000Z',
				capacity: 10,
				priceMemberOre: 14_950,
				priceOtherOre: null,
				pools: [{ nameEn: 'Units', seats: 4, eligibility: 'units', unitIds: ['choir', 'band'] }]
			}
		});
	});

	it('carries the refund policy: ticked refunds a paid seat given up, unticked keeps the payment', () => {
		const refund = (fields: Record<string, string>) => {
			const parsed = parseSettings(readSettings(posted({ ...base, ...fields })));
			return parsed.ok ? parsed.input.refundOnUnregister : 'refused';
		};
		expect(refund({ priceMember: '100', refundOnUnregister: 'on' })).toBe(true);
		expect(refund({ priceMember: '100' })).toBe(false);
	});

	it('names each problem by its field: a missing time, a word for a number, a pool without a name or units', () => {
		const parsed = parseSettings(
			readSettings(
				posted({
					...base,
					opensAt: '',
					capacity: 'many',
					priceOther: 'free',
					poolCount: '1',
					'pool-0-nameNo': '',
					'pool-0-nameEn': 'Units',
					'pool-0-seats': '2',
					'pool-0-eligibility': 'units'
				})
			)
		);
		expect(parsed).toEqual({
			ok: false,
			errors: { opensAt: 'required', capacity: 'int', priceOther: 'money' }
		});
		const pools = parseSettings(
			readSettings(
				posted({
					...base,
					questionNo: 'Allergier?',
					poolCount: '1',
					'pool-0-nameNo': '',
					'pool-0-nameEn': 'Units',
					'pool-0-seats': '2',
					'pool-0-eligibility': 'units'
				})
			)
		);
		expect(pools).toEqual({
			ok: false,
			errors: {
				'pool-0-nameNo': 'required',
				'pool-0-units': 'required',
				questionEn: 'question_both'
			}
		});
	});
});
