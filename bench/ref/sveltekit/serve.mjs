// Serves the built reference exactly as scripts/serve.js serves orgweb: adapter-node's handler
// in a plain node:http server, told the protocol is http.
import { createServer } from 'node:http';

process.env.PROTOCOL_HEADER = 'x-bench-protocol';
const { handler } = await import(new URL('./build/handler.js', import.meta.url).href);

const server = createServer((req, res) => {
	req.headers['x-bench-protocol'] = 'http';
	handler(req, res);
});
server.listen(Number(process.env.PORT ?? 3000), process.env.HOST || '127.0.0.1', () => {
	console.log(`listening on ${server.address().port}`);
});

const shutdown = () => server.close(() => process.exit(0));
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
