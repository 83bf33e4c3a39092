import { afterEach, describe, expect, it, vi } from 'vitest';
import { log, setLogLevel } from './log';

afterEach(() => {
	vi.restoreAllMocks();
	setLogLevel('info');
});

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('the log', () => {
	it('writes the request lines of one turn together, in order, as JSON lines', async () => {
		const out = vi.spyOn(process.stdout, 'write').mockImplementation(() => true);
		log.request({ path: '/a' });
		log.request({ path: '/b' });
		expect(out).not.toHaveBeenCalled();
		await turn();
		expect(out).toHaveBeenCalledTimes(1);
		const lines = String(out.mock.calls[0]![0])
			.trimEnd()
			.split('\n')
			.map((l) => JSON.parse(l));
		expect(lines.map((l) => [l.level, l.msg, l.path])).toEqual([
			['info', 'request', '/a'],
			['info', 'request', '/b']
		]);
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
		log.request({ path: '/quiet' });
		log.warn('loud', { id: 'r1' });
		expect(JSON.parse(String(err.mock.calls[0]![0]))).toMatchObject({ level: 'warn', id: 'r1' });
		await turn();
		expect(out).not.toHaveBeenCalled();
	});
});
