/** Lines of a listing: set in a fixed-pitch face, and reading as a program rather than as words. */
import { isBlank } from '../lines.ts';
import type { Line } from '../types.ts';
import { LIST_LABEL } from './openings.ts';

export const opensInListingFace = (line: Line) => line.runs.find((r) => !isBlank(r.str))?.mono === true;

/** A line of a listing: set in a fixed-pitch face, with something of a program in it (not a lone □). */
export function isCodeLine(line: Line): boolean {
  // A list item whose text is a web address ("• MacOS: http://...") opens with its label in the text face.
  if (LIST_LABEL.test(line.text) && !opensInListingFace(line)) return false;
  return line.mono === true && /[\p{L}\p{N}].*[\p{L}\p{N}]/u.test(line.text);
}

/** Signs of a program: brackets, operators, quotes, prompts. */
export const PROGRAM_SIGNS = /[(){}[\]=<>;#$%&*+\\|~^`"']/;

/** Words and nothing of a program (identifiers and paths included: "_", "/"). */
export function readsAsWords(text: string): boolean {
  return (text.match(/\p{L}{3,}/gu) ?? []).length >= 2 && !PROGRAM_SIGNS.test(text) && !/[_/]/.test(text);
}
