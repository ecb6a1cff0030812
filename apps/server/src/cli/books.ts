import { parseArgs } from 'node:util';
import { createBookAdmin } from '../features/books/book-admin.ts';
import { runCommand, withInstallation } from './command.ts';
import { openBookStorage } from '../features/books/storage.ts';

const usage = `Usage: npm run books -- <command>

  list           list every book: id, shared or private, pages, title, author, who added it
  share <id>     make a book a user added part of the shared library (everyone signed in sees it)
  unshare <id>   make a shared book private again to the users who added it
  remove <id>    remove a book for everyone, with its files, graph, bookmarks and positions

Uses DATA_DIR (default ./data) and DATABASE_URL, like the server.`;

async function main(argv: string[]): Promise<number> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { help: { type: 'boolean', short: 'h' } },
  });
  const [command, rawId] = positionals;
  if (values.help || !command) {
    console.log(usage);
    return command || values.help ? 0 : 2;
  }
  const id = Number(rawId);
  const takesId = ['share', 'unshare', 'remove'].includes(command);
  if (
    (command !== 'list' && !takesId) ||
    (takesId && (!/^[1-9]\d{0,14}$/.test(rawId ?? '') || positionals.length !== 2))
  ) {
    console.error(usage);
    return 2;
  }
  return withInstallation(async (config, db) => {
    const admin = createBookAdmin(db, openBookStorage(config));
    if (command === 'list') {
      const books = await admin.list();
      if (books.length === 0) console.log('No books yet.');
      for (const book of books) {
        const state = book.status === 'ready' ? book.visibility : 'importing';
        console.log(
          `${book.id}\t${state}\t${book.pageCount} pp\t${book.title}\t${book.author || '-'}\t${book.owners.join(',') || '-'}`,
        );
      }
      return 0;
    }
    if (command === 'share') console.log(`Book ${id} ("${await admin.share(id)}") is in the shared library.`);
    if (command === 'unshare')
      console.log(`Book ${id} ("${await admin.unshare(id)}") is private to who added it.`);
    if (command === 'remove') console.log(`Book ${id} ("${await admin.remove(id)}") is removed.`);
    return 0;
  });
}

runCommand(main);
