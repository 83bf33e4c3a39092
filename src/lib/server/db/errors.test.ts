// Real failures from a real PostgreSQL server (and from none), as the request handlers meet them:
// each must read as "storage unavailable" so the client gets 503 with Retry-After, not a 500.
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storageUnavailable } from './errors';
import { openPostgres } from './postgres';
import { createPgDatabase } from './test-db';
import { reserveStock } from '../shop/reservations';
import { seedDemo } from './seed';

let url: string;
let drop: () => Promise<void>;
beforeEach(async () => {
	({ url, drop } = await createPgDatabase());
});
afterEach(() => drop());

const caught = async (run: () => Promise<unknown>) => {
	try {
		await run();
	} catch (error) {
		return error;
	}
	throw new Error('expected a failure');
};

describe('PostgreSQL failures a request can meet', () => {
	it('a row held locked past the wait limit: busy, retry in 2 s', async () => {
		const { db } = await openPostgres(url, { listen: false, waitMs: 300 });
		await seedDemo(db);
		const holder = new pg.Client({ connectionString: url });
		await holder.connect();
		await holder.query('begin');
		await holder.query("select id from products where id = 'prod-mug' for update");
		const error = await caught(() =>
			reserveStock(db, { cartId: 'c1', productId: 'prod-mug', quantity: 1 })
		);
		expect(storageUnavailable(error)).toEqual({ reason: 'busy', retryAfterSeconds: 2 });
		await holder.query('rollback');
		await holder.end();
		expect(await db.selectFrom('cart_reservations').selectAll().execute()).toEqual([]);
		await db.destroy();
	});

	it('no server at the address: down, retry in 5 s', async () => {
		const error = await caught(() =>
			openPostgres('postgres://orgweb@127.0.0.1:1/none', { listen: false })
		);
		expect(storageUnavailable(error)).toEqual({ reason: 'down', retryAfterSeconds: 5 });
	});

	it('an ordinary failure (a bug, a constraint) is not mistaken for one', async () => {
		const { db } = await openPostgres(url, { listen: false });
		const error = await caught(() =>
			db
				.insertInto('campuses')
				.values({ id: 'x', name: null as never, sort: 0 })
				.execute()
		);
		expect(storageUnavailable(error)).toBeNull();
		await db.destroy();
	});
});
