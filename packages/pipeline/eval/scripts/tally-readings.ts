/**
 * Tallies blind readings: per draw the counts out of its edges, per book the rates over all its draws with
 * their 95% intervals and the targets (sensible 85%, type 85%, reason 90%). Stops with an error on a
 * folder without verdict files or a file without verdict rows: an empty reading measures nothing.
 *
 *   npm run tally:readings -- /tmp/reading1 [/tmp/reading2 ...]
 */
import fs from 'node:fs';
import path from 'node:path';
import {
  bookOfVerdicts,
  pooled,
  READING_TARGETS,
  tallyVerdicts,
  type Tally,
  VERDICT_COLUMNS,
  wilsonInterval,
} from '../readings.ts';

const folders = process.argv.slice(2);
if (folders.length === 0) throw new Error('usage: npm run tally:readings -- <folder of *.verdicts.md> ...');
const byBook = new Map<string, Tally[]>();
for (const folder of folders) {
  const files = fs
    .readdirSync(folder)
    .filter((f) => f.endsWith('.verdicts.md'))
    .sort();
  if (files.length === 0) throw new Error(`${folder}: no *.verdicts.md files`);
  for (const file of files) {
    const tally = tallyVerdicts(fs.readFileSync(path.join(folder, file), 'utf8'), file);
    const counts = VERDICT_COLUMNS.map((c) => `${c} ${tally.yes[c]}/${tally.edges}`).join(', ');
    console.log(`${path.basename(folder)}/${file}: ${counts}`);
    const book = bookOfVerdicts(file);
    byBook.set(book, [...(byBook.get(book) ?? []), tally]);
  }
}
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
console.log('\nbook                     edges  sensible               type                   reason');
for (const [book, tallies] of [...byBook].sort()) {
  const all = pooled(tallies);
  const cells = VERDICT_COLUMNS.map((column) => {
    const [low, high] = wilsonInterval(all.yes[column], all.edges);
    const rate = all.yes[column] / all.edges;
    const mark = rate >= READING_TARGETS[column] ? ' ' : '!';
    return `${pct(rate).padStart(6)}${mark}[${pct(low)}-${pct(high)}]`.padEnd(23);
  });
  console.log(`${book.padEnd(24)} ${String(all.edges).padStart(5)}  ${cells.join(' ')}`);
}
console.log(
  `\n! below the target (${VERDICT_COLUMNS.map((c) => `${c} ${pct(READING_TARGETS[c])}`).join(', ')}); [95% interval]`,
);
