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
}
