// A document cut into passages the assistant can find and quote: whole paragraphs gathered under
// their heading up to about MAX characters; a longer paragraph is cut between sentences, a longer
// sentence between words. A heading always starts a new passage, and each passage remembers the
// heading it sits under, which is what tells a reader of the passage alone what it is about.
import type { Block } from './types';

export interface Passage {
	position: number;
	heading: string | null;
	text: string;
}

export interface PassageSizes {
	/** A passage is filled with whole paragraphs while it is shorter than this… */
	min: number;
	/** …and never longer than this (unless a single word is). */
	max: number;
}

export const DEFAULT_PASSAGE_SIZES: PassageSizes = { min: 300, max: 700 };

export function splitPassages(blocks: Block[], sizes = DEFAULT_PASSAGE_SIZES): Passage[] {
	const passages: Passage[] = [];
	let heading: string | null = null;
	let current = '';
	const flush = () => {
		if (current.trim()) passages.push({ position: passages.length, heading, text: current.trim() });
		current = '';
	};
	for (const block of blocks) {
		if (block.kind === 'heading') {
			flush();
			heading = block.text;
			continue;
		}
		for (const [i, piece] of pieces(block.text, sizes.max).entries()) {
			// Pieces of one paragraph are joined as they were; paragraphs keep a blank line between.
			const gap = i === 0 ? '\n\n' : ' ';
			const joined = current ? `${current}${gap}${piece}` : piece;
			if (joined.length <= sizes.max) {
				current = joined;
			} else if (current.length < sizes.min && current) {
				// Too short to stand alone: take sentences of the next piece up to the limit.
				const room = sizes.max - current.length - gap.length;
				const [head, rest] = fill(piece, room);
				current = head ? `${current}${gap}${head}` : current;
				flush();
				current = rest;
			} else {
				flush();
				current = piece;
			}
		}
	}
	flush();
	return passages;
}

/** `text` cut into pieces of at most `max` characters: between sentences, else between words. */
function pieces(text: string, max: number): string[] {
	if (text.length <= max) return [text];
	const out: string[] = [];
	let rest = text;
	while (rest.length > max) {
		const [head, tail] = fill(rest, max);
		if (!head) {
			// One word longer than max: it stays whole rather than being cut in the middle.
			const word = /^\S+/.exec(rest)![0];
			out.push(word);
			rest = rest.slice(word.length).trim();
		} else {
			out.push(head);
			rest = tail;
		}
	}
	if (rest) out.push(rest);
	return out;
}

/** The longest start of `text` within `room` ending at a sentence end (else a word end), and the rest. */
function fill(text: string, room: number): [string, string] {
	if (text.length <= room) return [text, ''];
	const window = text.slice(0, room + 1);
	const sentence = [...window.matchAll(/[.!?…:;](?=\s)/g)].pop();
	let cut = sentence && sentence.index! + 1 >= room / 3 ? sentence.index! + 1 : -1;
	if (cut < 0) cut = window.lastIndexOf(' ');
	if (cut <= 0) return ['', text];
	return [text.slice(0, cut).trim(), text.slice(cut).trim()];
}
