import type { Migration } from 'kysely/migration';
import * as m001 from './001-sign-in-failures.ts';
import * as m002 from './002-books.ts';
import * as m003 from './003-graph.ts';
import * as m004 from './004-bookmarks.ts';
import * as m005 from './005-reference-spans.ts';
import * as m006 from './006-search.ts';
import * as m008 from './008-rate-limits.ts';
import * as m009 from './009-jobs.ts';
import * as m010 from './010-own-books.ts';
import * as m011 from './011-owner-names.ts';
import * as m012 from './012-identity-limits.ts';
import * as m013 from './013-figure-bands.ts';
import * as m014 from './014-annotations.ts';
import * as m015 from './015-reader-preferences.ts';
import * as m016 from './016-term-spans.ts';

/** Every migration, in order. Names sort lexically; never rename or edit one that has shipped. */
export const migrations: Record<string, Migration> = {
  '001-sign-in-failures': m001,
  '002-books': m002,
  '003-graph': m003,
  '004-bookmarks': m004,
  '005-reference-spans': m005,
  '006-search': m006,
  '008-rate-limits': m008,
  '009-jobs': m009,
  '010-own-books': m010,
  '011-owner-names': m011,
  '012-identity-limits': m012,
  '013-figure-bands': m013,
  '014-annotations': m014,
  '015-reader-preferences': m015,
  '016-term-spans': m016,
};
