// Texts with a blank the browser fills: the server sends a message in the request's language with
// `{name}` where a value goes, so a page need not carry the message function (every language of
// it) for words that wait only for something typed or picked.

/** `template` with each `{key}` of `values` put in; other braces stay as they are. */
export function fill(template: string, values: Record<string, string | number>): string {
	return template.replace(/\{(\w+)\}/g, (blank, key: string) =>
		key in values ? String(values[key]) : blank
	);
}
