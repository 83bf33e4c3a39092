// Bodies of content are Markdown, rendered here and only here, for every public page and the admin
// preview. Safe by construction: raw HTML is shown as text (markdown-it's html: false), images are
// not Markdown's business (they go through the files port with alt text), and a link may only
// lead to http(s), mailto, tel or a path on this site. A body's top heading level is h2: the
// page's title is the h1. Bodies written before Markdown (paragraphs between blank lines, lines
// kept) render as they always did. Each distinct text is rendered once and kept.
import MarkdownIt from 'markdown-it';

const md = new MarkdownIt({ html: false, linkify: false, typographer: false, breaks: true });
md.disable(['image']);
md.validateLink = (url) => /^(https?:\/\/|mailto:|tel:|\/(?![/\\])|#)/i.test(url.trim());
// The body's top heading level becomes h2, whether its writer used # or ##, so that headings
// never skip a level below the page's h1.
md.core.ruler.push('headings_below_title', (state) => {
	const headings = state.tokens.filter(
		(t) => t.type === 'heading_open' || t.type === 'heading_close'
	);
	if (headings.length === 0) return;
	const shift = 2 - Math.min(...headings.map((t) => Number(t.tag.slice(1))));
	for (const token of headings) {
		token.tag = `h${Math.min(6, Number(token.tag.slice(1)) + shift)}`;
	}
});

const KEPT = 500;
const rendered = new Map<string, string>();

/** The body as HTML, safe to put in a page as it is. */
export function renderMarkdown(text: string): string {
	const hit = rendered.get(text);
	if (hit !== undefined) {
		// Most recently used last: Map keeps insertion order.
		rendered.delete(text);
		rendered.set(text, hit);
		return hit;
	}
	const html = md.render(text);
	rendered.set(text, html);
	if (rendered.size > KEPT) rendered.delete(rendered.keys().next().value!);
	return html;
}
