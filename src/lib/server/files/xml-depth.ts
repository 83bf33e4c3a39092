// How deep XML elements nest, measured on the bytes as they stream past (docx-limits.ts), without
// parsing or keeping them: an opening tag goes one level down, a closing or self-closing one comes
// back up; declarations, comments and processing instructions do not count, nor a `>` inside a
// quoted attribute value. A comment holding `>` ends early here, which only ever counts less.

const LT = 0x3c; // <
const GT = 0x3e; // >
const SLASH = 0x2f; // /
const BANG = 0x21; // !
const QUESTION = 0x3f; // ?
const QUOTE = 0x22; // "
const APOSTROPHE = 0x27; // '

const TEXT = 0;
const TAG_START = 1;
const OPENING_TAG = 2;
const IN_QUOTES = 3;
const SKIPPED_TAG = 4;

/**
 * A function to feed the XML's bytes to, chunk by chunk; it calls `tooDeep` (which should throw)
 * the moment elements nest more than `maxDepth` deep.
 */
export function xmlDepthMeter(maxDepth: number, tooDeep: () => never): (chunk: Uint8Array) => void {
	let depth = 0;
	let state = TEXT;
	let quote = 0;
	let previous = 0;
	return (chunk) => {
		for (const byte of chunk) {
			if (state === TEXT) {
				if (byte === LT) state = TAG_START;
			} else if (state === TAG_START) {
				if (byte === SLASH) {
					depth--;
					state = SKIPPED_TAG;
				} else if (byte === BANG || byte === QUESTION) {
					state = SKIPPED_TAG;
				} else {
					if (++depth > maxDepth) tooDeep();
					state = OPENING_TAG;
				}
			} else if (state === OPENING_TAG) {
				if (byte === QUOTE || byte === APOSTROPHE) {
					quote = byte;
					state = IN_QUOTES;
				} else if (byte === GT) {
					if (previous === SLASH) depth--;
					state = TEXT;
				}
			} else if (state === IN_QUOTES) {
				if (byte === quote) state = OPENING_TAG;
			} else if (byte === GT) {
				state = TEXT;
			}
			previous = byte;
		}
	};
}
