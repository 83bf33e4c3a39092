// Serves the built app (adapter-node's handler) and says where. PORT=0 picks a free port,
// which the integration tests read from the "listening" line.
import { createServer } from 'node:http';
import { handler } from '../build/handler.js';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST || '0.0.0.0';
const server = createServer(handler);

server.listen(port, host, () => {
	const address = server.address();
	const actual = typeof address === 'object' && address ? address.port : port;
	const shown = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
	console.log(`orgweb listening on http://${shown}:${actual}`);
});

function shutdown() {
	server.close(() => process.exit(0));
	setTimeout(() => process.exit(0), 3000).unref();
}
process.on('SIGTERM', shutdown);
process.on('SIGINT', shutdown);
