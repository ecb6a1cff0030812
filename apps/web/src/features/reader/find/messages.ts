/** Every text the find feature shows, in one place. */
export const FIND_TEXT = {
  /** The find bar's landmark, its input and the toolbar button. */
  findInBook: 'Find in book',
  placeholder: 'Find in book…',
  previous: 'Previous result',
  next: 'Next result',
  close: 'Close find bar',
  results: 'Search results',
  /** The list of the student's own notes a search finds. */
  ownNotes: 'In your notes',
  ownNote: 'Your note',
  tab: 'Search',
  searching: 'Searching…',
  noResults: 'No results',
  failed: 'Search failed. Please try again.',
  tooLong: (max: number) => `The search is too long (at most ${max.toLocaleString('en-US')} characters)`,
  hint: 'Type words to find in the book. Use quotes for a phrase.',
  /** "1 result", "12 results". */
  count: (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'result' : 'results'}`,
  /** "3 of 12". */
  position: (index: number, count: number) =>
    `${(index + 1).toLocaleString('en-US')} of ${count.toLocaleString('en-US')}`,
  truncated: (shown: number, total: number) =>
    `Showing the first ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} results.`,
  page: (label: string) => `Page ${label}`,
} as const;
