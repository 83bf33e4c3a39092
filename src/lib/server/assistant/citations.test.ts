import { describe, expect, it } from 'vitest';
import { citeSources } from './citations';
import type { Passage } from './prompt';

const PASSAGES: Passage[] = [
	{ title: 'Membership', url: '/en/membership', text: '…' },
	{ title: 'Board', url: '/en/board', text: '…' },
	{ title: 'Membership, prices', url: '/en/membership', text: '…' },
	{ title: 'Contact', url: '/en/contact', text: '…' }
];

describe('citations', () => {
	it('lists the cited passages as links, in the order the answer first cites them', () => {
		const cited = citeSources(
			'The board meets on Tuesdays [2]. Joining costs 100 NOK [1].',
			PASSAGES
		);
		expect(cited.sources).toEqual([
			{ n: 2, title: 'Board', url: '/en/board' },
			{ n: 1, title: 'Membership', url: '/en/membership' }
		]);
		expect(cited.text).toBe('The board meets on Tuesdays [2]. Joining costs 100 NOK [1].');
	});

	it('leaves out passages the answer does not cite', () => {
		expect(citeSources('Write to us [4].', PASSAGES).sources).toEqual([
			{ n: 4, title: 'Contact', url: '/en/contact' }
		]);
		expect(citeSources('I do not know.', PASSAGES)).toEqual({
			text: 'I do not know.',
			sources: []
		});
	});

	it('links one page once, however many of its passages are cited', () => {
		const cited = citeSources('It costs 100 NOK [1][3], paid yearly [3].', PASSAGES);
		expect(cited.sources).toEqual([{ n: 1, title: 'Membership', url: '/en/membership' }]);
		expect(cited.text).toBe('It costs 100 NOK [1], paid yearly [1].');
	});

	it('splits grouped citations and drops numbers that were never given', () => {
		const cited = citeSources('Ask the board [2, 4; 9]. Or not [7]. Founded [2024].', PASSAGES);
		expect(cited.text).toBe('Ask the board [2][4]. Or not. Founded [2024].');
		expect(cited.sources.map((s) => s.n)).toEqual([2, 4]);
		expect(citeSources('See 【4】 and [0].', PASSAGES).text).toBe('See [4] and.');
	});

	it('reads a streamed answer once its pieces are joined', () => {
		const pieces = ['Meet', 'ings are on Tues', 'days [', '2', '] and cost nothing [', '1', '].'];
		const cited = citeSources(pieces.join(''), PASSAGES);
		expect(cited.sources.map((s) => s.url)).toEqual(['/en/board', '/en/membership']);
	});

	it('removes links the model made up, keeping their words, and keeps links to the given pages', () => {
		const { text } = citeSources(
			'Tickets: [the ticket page](https://evil.example/buy) or see https://evil.example/x and [the event](/en/events/evt-1) [1].',
			[{ title: 'Christmas party', url: '/en/events/evt-1', text: 'In December.' }]
		);
		expect(text).toBe('Tickets: the ticket page or see and [the event](/en/events/evt-1) [1].');
		expect(text).not.toContain('evil.example');
	});
});
