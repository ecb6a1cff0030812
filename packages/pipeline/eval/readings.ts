/**
 * A blind reading's verdicts, tallied: each verdict file holds one table row per edge ("| 3 | Y | N | Y |
 * comment |": sensible, type right, reason true and informative) and is named for its book and draw
 * ("aata-20220728.draw1.verdicts.md"). Twenty edges a draw measure a book coarsely: a book whose reasons
 * are true nine times in ten shows 18 of 20 or more in only seven draws of ten, so the tally pools every
 * draw of a book and gives each rate with its 95% interval beside the per-draw counts.
 */

/** What a reading judges of each edge, in the order the table gives them. */
export const VERDICT_COLUMNS = ['sensible', 'type', 'reason'] as const;
export type VerdictColumn = (typeof VERDICT_COLUMNS)[number];

/** The share of edges a book must reach on each count (17, 17 and 18 of 20). */
export const READING_TARGETS: Record<VerdictColumn, number> = { sensible: 0.85, type: 0.85, reason: 0.9 };

export interface Tally {
  edges: number;
  yes: Record<VerdictColumn, number>;
}

/** A verdict row: "| 12 | Y | N | Y | ..." (a verdict may carry a mark after its letter, "Y*"). */
const ROW = /^\|\s*(\d+)\s*\|\s*([YN])\S*\s*\|\s*([YN])\S*\s*\|\s*([YN])\S*\s*\|/;
/** Any row of the table that judges an edge: it opens with the edge's number. */
const EDGE_ROW = /^\|\s*(\d+)\s*\|/;

/**
 * The verdicts of one file; an error when it holds none, one edge twice, or a row of an edge whose
 * verdicts it cannot read (an unreadable table must not be measured as a shorter one). A reader's
 * emphasis ("**N**") is read through.
 */
export function tallyVerdicts(markdown: string, name: string): Tally {
  const seen = new Set<number>();
  const tally: Tally = { edges: 0, yes: { sensible: 0, type: 0, reason: 0 } };
  for (const line of markdown.split('\n').map((l) => l.replace(/[*_]/g, ''))) {
    if (!EDGE_ROW.test(line)) continue;
    const row = ROW.exec(line);
    if (row === null)
      throw new Error(`${name}: the verdicts of edge ${EDGE_ROW.exec(line)![1]} are unreadable`);
    const edge = Number(row[1]);
    if (seen.has(edge)) throw new Error(`${name}: edge ${edge} is judged twice`);
    seen.add(edge);
    tally.edges++;
    VERDICT_COLUMNS.forEach((column, i) => {
      if (row[i + 2] === 'Y') tally.yes[column]++;
    });
  }
  if (tally.edges === 0) throw new Error(`${name}: no verdict rows ("| 1 | Y | Y | N | ... |")`);
  return tally;
}

/** Tallies added up (one book's draws). */
export function pooled(tallies: readonly Tally[]): Tally {
  const sum: Tally = { edges: 0, yes: { sensible: 0, type: 0, reason: 0 } };
  for (const t of tallies) {
    sum.edges += t.edges;
    for (const column of VERDICT_COLUMNS) sum.yes[column] += t.yes[column];
  }
  return sum;
}

/** The Wilson score interval of a share (95%): honest for small counts and shares near 1. */
export function wilsonInterval(yes: number, n: number, z = 1.96): [number, number] {
  if (n === 0) throw new Error('no edges to measure a share of');
  const p = yes / n;
  const centre = p + (z * z) / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  const scale = 1 + (z * z) / n;
  return [(centre - spread) / scale, (centre + spread) / scale];
}

/** The book a verdict file is of: its name up to ".draw". */
export function bookOfVerdicts(fileName: string): string {
  return fileName.replace(/\.draw\d+\.verdicts\.md$/, '').replace(/\.verdicts\.md$/, '');
}
