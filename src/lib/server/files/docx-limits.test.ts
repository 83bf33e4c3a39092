import { describe, expect, it } from 'vitest';
import { checkDocxLimits } from './docx-limits';
import { deepNestingDocx } from './hostile-fixtures';
import { docx } from './test-fixtures';
import { FileRefused } from './types';

describe('the limits of a Word document, checked before parsing', () => {
	it('refuses elements nested past the limit as too costly, before mammoth builds the tree', async () => {
		const refusal = checkDocxLimits(deepNestingDocx(200_000));
		await expect(refusal).rejects.toBeInstanceOf(FileRefused);
		await expect(refusal).rejects.toMatchObject({ code: 'too_costly' });
		await expect(refusal).rejects.toThrow(/nested more than 1000 deep/);
	});

	it('lets through an ordinary document, one whose text has angle brackets, and one nested 800 deep', async () => {
		await expect(
			checkDocxLimits(docx(['Styremøte', 'a < b > c', '<w:p>']))
		).resolves.toBeUndefined();
		await expect(checkDocxLimits(deepNestingDocx(400))).resolves.toBeUndefined();
	});
});
