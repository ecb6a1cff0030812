import Database from 'better-sqlite3';

/**
 * Direct reads and writes on a server's SQLite file, for what no screen can do honestly: make a sign-in
 * old (the server compares the session's createdAt with its own clock) and check that no account was left
 * behind. The database is in WAL mode, so this works while the server runs.
 */
function open(databaseFile: string) {
  const db = new Database(databaseFile, { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  return db;
}

/** Moves every session of the account back in time, as if its sign-in happened `seconds` ago. */
export function ageSessions(databaseFile: string, email: string, seconds: number): number {
  const db = open(databaseFile);
  try {
    const createdAt = new Date(Date.now() - seconds * 1000).toISOString();
    const result = db
      .prepare(
        'UPDATE session SET createdAt = ? WHERE userId IN (SELECT id FROM user WHERE lower(email) = lower(?))',
      )
      .run(createdAt, email);
    return result.changes;
  } finally {
    db.close();
  }
}

/** Whether an account with this address exists. */
export function accountExists(databaseFile: string, email: string): boolean {
  const db = open(databaseFile);
  try {
    return db.prepare('SELECT 1 FROM user WHERE lower(email) = lower(?)').get(email) !== undefined;
  } finally {
    db.close();
  }
}

/** How many live sessions the account has. */
export function sessionCount(databaseFile: string, email: string): number {
  const db = open(databaseFile);
  try {
    const row = db
      .prepare(
        'SELECT count(*) AS n FROM session WHERE userId IN (SELECT id FROM user WHERE lower(email) = lower(?))',
      )
      .get(email) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}
