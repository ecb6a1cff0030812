import { parseArgs } from 'node:util';
import { runCommand, withInstallation } from './command.ts';
import { createUserAdmin } from '../features/auth/user-admin.ts';
import { openBookStorage } from '../features/books/storage.ts';

const usage = `Usage: npm run users -- <command>

  list              list every account: address, sign-in methods, state
  disable <email>   block sign-in and end the account's sessions at once
  enable <email>    allow a disabled account to sign in again
  delete <email>    delete the account and everything it owns

Uses the database of DATA_DIR (default ./data) or DATABASE_URL, like the server.`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  const [command, email] = positionals;
  if (values.help || !command) {
    console.log(usage);
    return command || values.help ? 0 : 2;
  }
  return withInstallation(async (config, db) => {
    const admin = createUserAdmin(db, openBookStorage(config));
    if (command === 'list') {
      const users = await admin.list();
      if (users.length === 0) console.log('No accounts yet.');
      for (const user of users) {
        console.log(
          `${user.email}\t${user.providers.join(',') || '-'}\t${user.disabled ? 'disabled' : 'active'}\t${user.createdAt}`,
        );
      }
      return 0;
    }
    if (!['disable', 'enable', 'delete'].includes(command) || !email || positionals.length !== 2) {
      console.error(usage);
      return 2;
    }
    if (command === 'delete') await admin.delete(email);
    else await admin.setDisabled(email, command === 'disable');
    console.log(`${email}: ${command === 'delete' ? 'deleted' : `${command}d`}`);
    return 0;
  });
}

// "No account with the address ..." is an answer, not a fault.
runCommand(main, { expected: (error) => error instanceof Error && error.message.startsWith('No account') });
