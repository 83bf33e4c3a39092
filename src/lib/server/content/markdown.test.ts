import { describe, expect, it } from 'vitest';
import { renderMarkdown } from './markdown';

describe('rendering a body', () => {
	it('renders paragraphs, lists, emphasis, links and headings below the page title', () => {
		const html = renderMarkdown(
			'## Program\n\nVi møtes **kl. 18** i [Huset](/no/campus).\nTa med venner.\n\n- mat\n- musikk'
		);
		expect(html).toBe(
			'<h2>Program</h2>\n<p>Vi møtes <strong>kl. 18</strong> i <a href="/no/campus">Huset</a>.<br>\nTa med venner.</p>\n<ul>\n<li>mat</li>\n<li>musikk</li>\n</ul>\n'
		);
		expect(renderMarkdown('# Title\n\n## Part')).toBe('<h2>Title</h2>\n<h3>Part</h3>\n');
		expect(renderMarkdown('### Deep\n\n#### Deeper')).toBe('<h2>Deep</h2>\n<h3>Deeper</h3>\n');
	});

	it('keeps a body written as plain paragraphs as it was', () => {
		expect(renderMarkdown('First paragraph.\n\nSecond, with\na kept line.')).toBe(
			'<p>First paragraph.</p>\n<p>Second, with<br>\na kept line.</p>\n'
		);
	});

	it('shows HTML and scripts as text, and drops links and images that lead anywhere unsafe', () => {
		const html = renderMarkdown(
			'<script>alert(1)</script> <img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) [data](data:text/html,x) [far](//evil.example) ![pic](https://example.org/a.png)'
		);
		expect(html).not.toMatch(/<script|<img|href="javascript|href="data|href="\/\/evil/);
		expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
		expect(html).toContain('[click](javascript:alert(1))');
	});

	it('keeps links to the web, mail, phone and the site itself', () => {
		const html = renderMarkdown(
			'[a](https://example.org) [b](mailto:post@example.org) [c](tel:+4712345678) [d](/en/contact)'
		);
		expect(html.match(/<a href=/g)).toHaveLength(4);
	});
});
