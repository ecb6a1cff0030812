import type { Db } from '../../db/database.ts';
import { deleteUserData } from '../../db/user-data.ts';
import { removeUserFiles, type BookStorage } from '../books/index.ts';

export interface UserSummary {
  email: string;
  name: string;
  disabled: boolean;
  providers: string[];
  createdAt: string;
}

/** Operator actions on accounts (docs/product.md §6 has no admin screen): list, disable, enable, delete. */
export function createUserAdmin(db: Db, storage: BookStorage) {
  const findUserId = async (email: string) => {
    const row = await db
      .selectFrom('user')
      .select('id')
      .where('email', '=', email.trim().toLowerCase())
      .executeTakeFirst();
    if (!row) throw new Error(`No account with the address ${email}`);
    return row.id;
  };

  return {
    async list(): Promise<UserSummary[]> {
      const users = await db
        .selectFrom('user')
        .select(['id', 'email', 'name', 'disabled', 'createdAt'])
        .orderBy('email')
        .execute();
      const accounts = await db.selectFrom('account').select(['userId', 'providerId']).execute();
      return users.map((user) => ({
        email: user.email,
        name: user.name,
        disabled: Boolean(user.disabled),
        providers: accounts
          .filter((account) => account.userId === user.id)
          .map((account) => account.providerId),
        createdAt: new Date(user.createdAt).toISOString(),
      }));
    },

    /** Disabling also ends every session, so its ID tokens stop working at once. */
    async setDisabled(email: string, disabled: boolean): Promise<void> {
      const userId = await findUserId(email);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('user')
          .set({ disabled: disabled ? 1 : 0 })
          .where('id', '=', userId)
          .execute();
        if (disabled) await trx.deleteFrom('session').where('userId', '=', userId).execute();
      });
    },

    /** Removes the account with its sessions, sign-in methods, what the user kept and their own books. */
    async delete(email: string): Promise<void> {
      const userId = await findUserId(email);
      const files = await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('session').where('userId', '=', userId).execute();
        await trx.deleteFrom('account').where('userId', '=', userId).execute();
        await trx.deleteFrom('user').where('id', '=', userId).execute();
        return deleteUserData(trx, userId);
      });
      await removeUserFiles(storage, files);
    },
  };
}
