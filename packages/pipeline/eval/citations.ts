import type { BibEntry } from './bibtex.ts';

/*
 * natbib's author-year citations as the book prints them (checked against kastner's PDF): \citet{k}
 * "Author (Year)", \citep{k} "(Author Year)", \citealt{k} "Author Year", \citeauthor "Author", \citeyear
 * "Year". Two authors are "A & B", three or more "A et al."; a page ("\citep[7]{k}") follows the last year
 * after a colon, a note before it ("\citep[cf.][]{k}") opens the citation. Several keys are parted by
 * ";", and the years of keys in a row by the same authors are gathered: "Doron (2003; 2015)",
 * "(Svenonius 2003; 2007; Wood 2014)". A key the bibliography does not hold prints nothing.
 */

const CITE =
  /\\(cite|citet|citep|citealt|citealp|citeauthor|citeyear|citeyearpar)\*?\s*(?:\[([^\]]*)\])?\s*(?:\[([^\]]*)\])?\s*\{([^}]*)\}/gi;

/** Whether a document's preamble loads natbib for author-year citations (not its numbers option). */
export function citesAuthorYear(preamble: string): boolean {
  const natbib = /\\usepackage\s*(?:\[([^\]]*)\])?\s*\{[^}]*\bnatbib\b[^}]*\}/.exec(preamble);
  return natbib !== null && !/\b(?:numbers|super)\b/.test(natbib[1] ?? '');
}

/** The source with its citation commands replaced by the text they print (LaTeX: "&" is escaped). */
export function renderCitations(src: string, bib: ReadonlyMap<string, BibEntry>): string {
  const cite = (command: string, first: string | undefined, second: string | undefined, keys: string) => {
    // One optional argument is the page; with two, the first is a note before the citation.
    const [pre, post] = second === undefined ? ['', first ?? ''] : [first ?? '', second];
    const entries = keys.split(',').flatMap((k) => bib.get(k.trim()) ?? []);
    if (entries.length === 0) return '';
    const text = citation(command.toLowerCase(), groupByAuthors(entries), pre.trim(), post.trim());
    return text.replace(/&/g, '\\&');
  };
  return src.replace(CITE, (_whole, command: string, first?: string, second?: string, keys?: string) =>
    cite(command, first, second, keys ?? ''),
  );
}

/** Authors and the years cited of them, for keys in a row with the same authors. */
interface Group {
  authors: string;
  years: string[];
}

function groupByAuthors(entries: BibEntry[]): Group[] {
  const groups: Group[] = [];
  for (const e of entries) {
    const authors = authorLabel(e.names);
    const last = groups[groups.length - 1];
    if (last?.authors === authors) last.years.push(e.year);
    else groups.push({ authors, years: [e.year] });
  }
  return groups;
}

/** "A", "A & B", "A et al.". */
function authorLabel(names: string[]): string {
  if (names.length >= 3) return `${names[0]} et al.`;
  return names.join(' & ');
}

function citation(command: string, groups: Group[], pre: string, post: string): string {
  const page = post ? `: ${post}` : '';
  const note = pre ? `${pre} ` : '';
  const years = (g: Group) => g.years.join('; ');
  const last = groups.length - 1;
  // The page goes with the last years: "(Alexiadou et al. 2006; 2015: 30)".
  const withPage = (text: string, k: number) => (k === last ? text + page : text);
  switch (command) {
    case 'cite':
    case 'citet':
      return note + groups.map((g, k) => `${g.authors} (${withPage(years(g), k)})`).join('; ');
    case 'citep':
      return `(${note}${groups.map((g, k) => withPage(`${g.authors} ${years(g)}`, k)).join('; ')})`;
    case 'citeauthor':
      return groups.map((g) => g.authors).join('; ');
    case 'citeyear':
      return withPage(groups.map(years).join('; '), last);
    case 'citeyearpar':
      return `(${note}${withPage(groups.map(years).join('; '), last)})`;
    default: // citealt, citealp
      return note + groups.map((g, k) => withPage(`${g.authors} ${years(g)}`, k)).join('; ');
  }
}
