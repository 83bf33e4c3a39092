import { describe, expect, it } from 'vitest';
import { claimSchema } from '../input';
import { fieldIssues, readMultipart, toClaimInput } from '.';
import { TEST_LIMITS } from '../test-limits';

function post(fields: Record<string, string>, files: Record<string, string> = {}) {
	const form = new FormData();
	for (const [k, v] of Object.entries(fields)) form.set(k, v);
	for (const [k, name] of Object.entries(files)) form.set(k, new File(['x'], name));
	return form;
}

describe('a claim form post without JavaScript', () => {
	it('keeps each file with its line when an earlier line was removed from the page', () => {
		const read = readMultipart(
			post(
				{
					campusId: 'oslo',
					'lines.0.kind': 'receipt',
					'lines.0.merchant': 'First',
					'lines.2.kind': 'receipt',
					'lines.2.merchant': 'Third'
				},
				{ 'lines.2.file': 'third.jpg', 'lines.7.file': 'stray.jpg' }
			)
		);
		expect(read.values.lines.map((l) => l.merchant)).toEqual(['First', 'Third']);
		// The file of the third line is now the second line's; one with no line is dropped.
		expect(read.files.map((f) => [f.line, f.file.name])).toEqual([[1, 'third.jpg']]);
	});

	it('reads a garbled version and an unknown line kind as a new form and a receipt', () => {
		const read = readMultipart(post({ version: 'two', 'lines.0.kind': 'gift' }));
		expect(read.values.version).toBe(0);
		expect(read.values.lines[0]!.kind).toBe('receipt');
	});

	it('names the add and remove buttons that were pressed', () => {
		expect(readMultipart(post({ lineKind: 'mileage', removeLine: '3' }))).toMatchObject({
			addKind: 'mileage',
			removeIndex: 3
		});
		expect(readMultipart(post({ lineKind: 'boat', removeLine: '-1' }))).toMatchObject({
			addKind: null,
			removeIndex: null
		});
	});
});

describe('errors on the form', () => {
	it('puts an issue of a line after an empty one on the line the member typed it in', () => {
		const read = readMultipart(
			post({
				campusId: 'oslo',
				unitId: 'board-oslo',
				'lines.0.kind': 'receipt',
				'lines.0.date': '2026-01-20',
				'lines.1.kind': 'receipt',
				'lines.1.date': '2026-01-10',
				'lines.1.merchant': 'Shop',
				'lines.1.description': 'Paper',
				'lines.1.amount': '0'
			})
		);
		const { input, kept } = toClaimInput(read.values);
		// The first line, empty but for the date the form fills in, is dropped, not refused.
		expect(input.lines).toHaveLength(1);
		const parsed = claimSchema(TEST_LIMITS, '2026-01-20').safeParse(input);
		expect(parsed.success).toBe(false);
		expect(fieldIssues(parsed.error!.issues, kept)).toEqual([
			{ path: 'lines[1].amount', code: 'amount_not_positive' }
		]);
	});

	it('turns an event or project choice into the claim link and its issue back onto the choice', () => {
		const values = readMultipart(post({ link: 'project:proj-housing' })).values;
		expect(toClaimInput(values).input).toMatchObject({ eventId: null, projectId: 'proj-housing' });
		expect(
			fieldIssues([{ code: 'custom', message: 'unknown', path: ['projectId'], input: '' }], [])
		).toEqual([{ path: 'link', code: 'unknown' }]);
	});
});
