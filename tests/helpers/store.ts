// The database as a test sees it from outside the server: every table's rows (to show that a
// failed request wrote nothing), and a second connection holding the write lock.
import Database from 'better-sqlite3';
import { withDb } from './fixtures';

/** Every user table's rows, in a stable order, as one comparable value. */
export function snapshot(file: string): Record<string, unknown[]> {
	return withDb(file, (db) => {
		const tables = db
			.prepare(
				"select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name"
			)
			.all() as { name: string }[];
		return Object.fromEntries(
			tables.map(({ name }) => [
				name,
				(db.prepare(`select * from "${name}"`).all() as unknown[])
					.map((row) => JSON.stringify(row))
					.sort()
			])
		);
	});
}

/** Holds the database's write lock (BEGIN IMMEDIATE) until release() is called. */
export function holdWriteLock(file: string): { release(): void } {
	const db = new Database(file);
	db.prepare('begin immediate').run();
	return {
		release() {
			db.prepare('rollback').run();
			db.close();
		}
	};
}

/** What a response body must never show: a stack or the driver's error. */
export const STACK_OR_DRIVER =
	/\bat .+:\d+:\d+|SqliteError|SQLITE_|node_modules|database is locked/i;

export interface StockAccount {
	id: string;
	stock: number;
	/** Lines of authorized or paid orders: what the shop counts as sold. */
	sold: number;
	/** Lines of paid orders. */
	paid: number;
	/** Unexpired reservations (carts and pending orders). */
	reserved: number;
}

/** Every product with a stock limit, as the shop counts it. */
export function stockAccounts(file: string, now = new Date()): StockAccount[] {
	return withDb(
		file,
		(db) =>
			db
				.prepare(
					`select p.id, p.stock,
					 (select coalesce(sum(l.quantity), 0) from order_lines l join orders o on o.id = l.order_id
					  where l.product_id = p.id and o.status in ('authorized', 'paid')) as sold,
					 (select coalesce(sum(l.quantity), 0) from order_lines l join orders o on o.id = l.order_id
					  where l.product_id = p.id and o.status = 'paid') as paid,
					 (select coalesce(sum(r.quantity), 0) from cart_reservations r
					  where r.product_id = p.id and r.expires_at >= ?) as reserved
					 from products p where p.stock is not null order by p.id`
				)
				.all(now.toISOString()) as StockAccount[]
	);
}

/** Moves every time the shop and the payments keep back by `minutes`, as if that time had passed. */
export function timePasses(file: string, minutes: number): void {
	const back = (column: string) =>
		`${column} = strftime('%Y-%m-%dT%H:%M:%fZ', ${column}, '-${minutes} minutes')`;
	withDb(file, (db) =>
		db.transaction(() => {
			db.prepare(`update orders set ${back('created_at')}, ${back('updated_at')}`).run();
			db.prepare(`update order_events set ${back('at')}`).run();
			db.prepare(`update payment_sessions set ${back('created_at')}, ${back('updated_at')}`).run();
			db.prepare(`update cart_reservations set ${back('created_at')}, ${back('expires_at')}`).run();
		})()
	);
}
