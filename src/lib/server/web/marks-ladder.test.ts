import { describe, expect, it } from 'vitest';
import { DEFAULT_LADDER } from '../attendance';
import { ladderValues, parseLadder } from './marks-ladder';

describe('the ladder form', () => {
	it('shows the ladder as day.month breaks and numbered steps, and reads the same back', () => {
		const values = ladderValues(DEFAULT_LADDER);
		expect(values).toMatchObject({
			'freeze-0-from': '15.06',
			'freeze-0-to': '15.08',
			'freeze-1-from': '20.12',
			'freeze-1-to': '06.01',
			'step-0-kind': 'delay',
			'step-0-minutes': '120',
			'step-2-kind': 'waitlist'
		});
		expect(parseLadder(values)).toEqual({ ok: true, ladder: DEFAULT_LADDER });
	});

	it('a row left empty is not used; a day written short is read', () => {
		const values = {
			...ladderValues(DEFAULT_LADDER),
			'freeze-1-from': '',
			'freeze-1-to': '',
			'freeze-0-from': '1.7',
			'step-1-marks': '',
			'step-1-kind': '',
			'step-1-minutes': ''
		};
		const parsed = parseLadder(values);
		expect(parsed.ok && parsed.ladder.freezes).toEqual([{ from: '07-01', to: '08-15' }]);
		expect(parsed.ok && parsed.ladder.steps.map((s) => s.marks)).toEqual([1, 3]);
	});

	it('says what is wrong with each field', () => {
		expect(
			parseLadder({
				...ladderValues(DEFAULT_LADDER),
				noShowWeight: 'x',
				expiryDays: '',
				'freeze-0-from': '31.02',
				'step-1-kind': 'delay',
				'step-1-minutes': '',
				'step-3-marks': '4'
			})
		).toEqual({
			ok: false,
			errors: {
				noShowWeight: 'int',
				expiryDays: 'required',
				'freeze-0-from': 'day',
				'step-1-minutes': 'required',
				'step-3-kind': 'required'
			}
		});
		expect(
			parseLadder({
				...ladderValues(DEFAULT_LADDER),
				lateUnregisterWeight: '11',
				'step-1-marks': '1'
			})
		).toEqual({
			ok: false,
			errors: { lateUnregisterWeight: 'range', steps: 'step_twice' }
		});
	});
});
