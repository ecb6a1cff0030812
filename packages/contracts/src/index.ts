export * from './auth.ts';
export * from './common.ts';
export * from './books.ts';
export * from './graph.ts';
export * from './bookmarks.ts';
export * from './search.ts';
export * from './related-walk.ts';
export * from './jobs.ts';
