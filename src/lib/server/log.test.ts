import { afterEach, describe, expect, it, vi } from 'vitest';
import { log, setLogLevel, type RequestLine } from './log';

afterEach(() => {
	vi.restoreAllMocks();
	setLogLevel('info');
});

const line = (fields: Partial<RequestLine>): RequestLine => ({
	id: 'r1',
	method: 'GET',
	path: '/',
	status: 200,
	ms: 1.5,
	...fields
});

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the log', () => {
	it('writes the request lines of one turn together, in order, as JSON lines', async () => {
		const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
		log.request(line({ path: '/a' }));
		log.request(line({ path: '/b', method: 'POST' }));
		expect(out).not.toHaveBeenCalled();
		await turn();
		expect(out).toHaveBeenCalledTimes(1);
		const lines = String(out.mock.calls[0]![0])
			.trimEnd()
			.split('\n')
			.map((l) => JSON.parse(l));
		expect(lines.map((l) => [l.level, l.msg, l.method, l.path])).toEqual([
			['info', 'request', 'GET', '/a'],
			['info', 'request', 'POST', '/b']
		]);
		expect(Object.keys(lines[0])).toEqual([
			'time',
			'level',
			'msg',
			'id',
			'method',
			'path',
			'status',
			'ms'
		]);
		expect(Date.parse(lines[0].time)).not.toBeNaN();
	});

	it("keeps a request line valid JSON whatever the client's path and method hold", async () => {
		const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
		const path = '/a"b\\c\n{"status":999}\u2028';
		log.request(line({ path, method: 'G"ET', status: 404, ms: 0.5 }));
		await turn();
		expect(JSON.parse(String(out.mock.calls[0]![0]))).toMatchObject({
			path,
			method: 'G"ET',
			status: 404,
			ms: 0.5
		});
	});

	it('writes other lines at once, so they keep their order with what else the process prints', () => {
		const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
		log.info('database ready', { migrations: [] });
		expect(JSON.parse(String(out.mock.calls[0]![0]))).toMatchObject({ msg: 'database ready' });
	});

	it('writes warnings at once, to stderr, and nothing below the level', async () => {
		const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
		const err = vi.spyOn(process.stderr, 'write').mockImplementation(() => true);
		setLogLevel('warn');
		log.request(line({ path: '/quiet' }));
		log.warn('loud', { id: 'r1' });
		expect(JSON.parse(String(err.mock.calls[0]![0]))).toMatchObject({ level: 'warn', id: 'r1' });
		await turn();
		expect(out).not.toHaveBeenCalled();
	});
});
