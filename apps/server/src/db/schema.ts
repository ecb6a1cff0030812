import type { Generated } from 'kysely';

/**
 * Tables the server reads. `user`, `session` and `account` belong to better-auth (it creates and migrates
 * them); only the columns we read are typed here. The rest are ours.
 */
export interface Database {
  user: {
    id: string;
    email: string;
    name: string;
    disabled: number | boolean | null;
    createdAt: string | number;
  };
  session: {
    id: string;
    userId: string;
    expiresAt: string | number;
    createdAt: string | number;
  };
  account: {
    id: string;
    userId: string;
    providerId: string;
  };
  sign_in_failure: {
    key: string;
    count: number;
    window_started_at: number;
  };
  book: {
    id: Generated<number>;
    title: string;
    author: string;
    page_count: number;
    sha256: string;
    /** 'importing' while the files are moved into place, 'ready' once complete. */
    status: BookStatus;
    /** The file name the book was imported from (for messages and logs). */
    source_name: string;
    /** "host pid" of the importing process while status is 'importing'; null once ready. */
    import_owner: string | null;
    /** ISO 8601. */
    created_at: string;
  };
  setting: {
    key: string;
    value: string;
  };
}

export type BookStatus = 'importing' | 'ready';
