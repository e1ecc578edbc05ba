import { basename, dirname, extname, join } from 'node:path';
import { BadInput } from './bad-input';

export { BadInput };

/** The publisher's file when --publisher is not given: beside the task database. */
export function defaultPublisherPath(taskPath: string): string {
  const ext = extname(taskPath);
  const stem = basename(taskPath, ext);
  return join(dirname(taskPath), `${stem}.publisher${ext || '.sqlite'}`);
}
