// Markdown as plain text for the assistant: headings stay their own paragraphs, a link keeps its
// text, emphasis keeps its words; code (fenced, indented, inline), HTML, images and link
// definitions go, since none of them reads as prose.
import type { Block } from './types';

export function markdownBlocks(markdown: string): Block[] {
	const blocks: Block[] = [];
	let paragraph: string[] = [];
	let fence: string | null = null;
	const flush = () => {
		if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
		paragraph = [];
	};
	const withoutHtml = markdown.replace(/<!--[\s\S]*?-->/g, '');
	for (const line of withoutHtml.split('\n')) {
		const fenceMark = /^\s{0,3}(`{3,}|~{3,})/.exec(line)?.[1];
		if (fence) {
			if (fenceMark && fenceMark[0] === fence[0] && fenceMark.length >= fence.length) fence = null;
			continue;
		}
		if (fenceMark) {
			flush();
			fence = fenceMark;
			continue;
		}
		const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
		if (heading) {
			flush();
			blocks.push({ kind: 'heading', text: inline(heading[1]!) });
			continue;
		}
		// A setext heading: the paragraph line above is the heading.
		if (/^\s{0,3}(=+|-+)\s*$/.test(line) && paragraph.length === 1) {
			blocks.push({ kind: 'heading', text: paragraph[0]! });
			paragraph = [];
			continue;
		}
		if (line.trim() === '' || /^\s{0,3}([-*_]\s*){3,}$/.test(line)) {
			flush();
			continue;
		}
		if (/^( {4}|\t)/.test(line) && paragraph.length === 0) continue; // indented code
		if (/^\s{0,3}\[[^\]]+\]:\s*\S+/.test(line)) continue; // a link definition
		const item = /^\s*(?:[-*+]|\d+[.)])\s+(.*)$/.exec(line);
		if (item) {
			flush();
			paragraph.push(inline(item[1]!));
			continue;
		}
		const text = inline(line.replace(/^\s{0,3}(>\s?)+/, ''));
		if (text.trim() !== '') paragraph.push(text);
	}
	flush();
	return blocks;
}

function inline(text: string): string {
	return text
		.replace(/`+[^`]*`+/g, ' ')
		.replace(/!\[[^\]]*\]\([^)]*\)/g, '')
		.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/\[([^\]]*)\]\[[^\]]*\]/g, '$1')
		.replace(/<[^>]+>/g, '')
		.replace(/(\*\*|__)(.+?)\1/g, '$2')
		.replace(/(\*|_)(.+?)\1/g, '$2')
		.replace(/~~(.+?)~~/g, '$1')
		.replace(/\\([\\`*_{}[\]()#+\-.!])/g, '$1')
		.trim();
}
