// The public side's store over SQL, one module per kind under sql/; every read sees only what is
// public (visibility.ts).
import type { Db } from '../db';
import { eventsSql } from './sql/events';
import { jobsSql } from './sql/jobs';
import { newsSql } from './sql/news';
import { pagesSql } from './sql/pages';
import { productsSql } from './sql/products';
import { projectsSql } from './sql/projects';
import { siteSql } from './sql/site';
import { unitsSql } from './sql/units';
import type { ContentStore } from './types';

export { fullImagePath, mediaPath } from './sql/media';

export function sqlContentStore(db: Db): ContentStore {
	return {
		...eventsSql(db),
		...newsSql(db),
		...productsSql(db),
		...pagesSql(db),
		...unitsSql(db),
		...jobsSql(db),
		...projectsSql(db),
		...siteSql(db)
	};
}
