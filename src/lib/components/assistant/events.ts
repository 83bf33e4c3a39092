// Server-sent events read from a fetch body: { event, data } per block, data parsed as JSON.
export async function* readEvents(
	body: ReadableStream<Uint8Array>
): AsyncGenerator<{ event: string; data: Record<string, unknown> }> {
	const reader = body.getReader();
	const decoder = new TextDecoder();
	let buffer = '';
	for (;;) {
		const { value, done } = await reader.read();
		if (done) return;
		buffer += decoder.decode(value, { stream: true });
		let end: number;
		while ((end = buffer.indexOf('\n\n')) >= 0) {
			const block = buffer.slice(0, end);
			buffer = buffer.slice(end + 2);
			const data = /^data: (.*)$/m.exec(block)?.[1];
			if (data) {
				const event = /^event: (.*)$/m.exec(block)?.[1] ?? 'message';
				yield { event, data: JSON.parse(data) as Record<string, unknown> };
			}
		}
	}
}
