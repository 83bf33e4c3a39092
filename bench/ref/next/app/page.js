// Ten items made on every request (dynamic rendering, no static prerender or cache), as a
// server component would read them from a store. Plain createElement keeps the file free of
// JSX, so it needs no build step of its own in the project's lint.
import { connection } from 'next/server';
import { createElement as h } from 'react';

export default async function Page() {
	await connection();
	const now = Date.now();
	const items = Array.from({ length: 10 }, (_, i) => ({
		id: `item-${i + 1}`,
		title: `Item number ${i + 1}`,
		at: new Date(now + i * 86_400_000).toISOString()
	}));
	return h(
		'main',
		null,
		h('h1', null, 'Items'),
		h(
			'ul',
			null,
			items.map((item) =>
				h(
					'li',
					{ key: item.id },
					h('a', { href: `/items/${item.id}` }, item.title),
					' ',
					h('time', { dateTime: item.at }, item.at)
				)
			)
		)
	);
}
