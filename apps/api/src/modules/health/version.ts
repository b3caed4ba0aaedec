import { readFileSync } from 'node:fs';
import path from 'node:path';
import { apiRoot } from '../../paths.ts';

/** The api package's version, as GET /api/health reports it. */
export const appVersion: string = JSON.parse(readFileSync(path.join(apiRoot, 'package.json'), 'utf8')).version;
