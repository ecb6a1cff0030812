import type { ExplicitReference, GraphParagraph } from '../types.ts';

/** A proof opens its paragraph so: "Proof.", "Proof:", "Proof of Theorem 2." */
const OPENS_PROOF = /^Proof\b/;
/** A paragraph that states something of its own: the proofs after it are its own. */
const OPENS_STATEMENT = /^(?:Theorem|Lemma|Proposition|Corollary|Statement|Definition)\b/;
/** How far after its statement a proof may start (a remark or a display may come between). */
const PROOF_REACH = 3;

/**
 * "As in the proof of Statement 1", "Follow the proof of Statement 4 in Sec. 3.7", "The proof is similar to
 * that of Lemma 3 in Sec. 1.7.3": the words name the proof, not the statement, and the reference goes to
 * the proof that follows the statement in its section (its first paragraph, opening "Proof"), quoting
 * "proof of Statement 1". Where no proof follows (the book proves it elsewhere or not at all), the
 * statement stays the target.
 */
export function toTheProofsNamed(
  references: readonly ExplicitReference[],
  paragraphs: readonly GraphParagraph[],
): ExplicitReference[] {
  const position = new Map(paragraphs.map((p, i) => [p.id, i]));
  return references.map((reference) => {
    const source = paragraphs[position.get(reference.sourceId) ?? -1];
    const at = position.get(reference.targetId);
    if (source === undefined || at === undefined || reference.phrase === '') return reference;
    const quoted = proofPhrase(source.text, reference.phrase);
    if (quoted === undefined) return reference;
    const proof = proofAfter(paragraphs, at);
    return proof === undefined || proof.id === source.id
      ? reference
      : { ...reference, targetId: proof.id, phrase: quoted };
  });
}

/** The words "proof of <phrase>" as the text prints them, when they stand there. */
function proofPhrase(text: string, phrase: string): string | undefined {
  const start = text.indexOf(phrase);
  if (start === -1) return undefined;
  // The phrase may take "of" or "in" as its lead ("of Statement 1") or not ("Statement 1"); "The proof is
  // similar to that of Lemma 3" names Lemma 3's proof too.
  const before = text.slice(Math.max(0, start - 60), start);
  const lead = /^(?:of|in)\s/i.test(phrase)
    ? /\bproofs?\s+(?:[^.;:]*\bthat\s+)?$/i
    : /\bproofs?\s+(?:[^.;:]*\bthat\s+)?(?:of|in)\s+(?:the\s+)?$/i;
  const match = lead.exec(before);
  if (match === null) return undefined;
  return text.slice(start - (before.length - match.index), start + phrase.length);
}

/** The paragraph opening the proof of the statement at `at`, before any other statement or section. */
function proofAfter(paragraphs: readonly GraphParagraph[], at: number): GraphParagraph | undefined {
  const statement = paragraphs[at]!;
  for (let i = at + 1; i <= at + PROOF_REACH && i < paragraphs.length; i++) {
    const next = paragraphs[i]!;
    if (next.sectionId !== statement.sectionId || OPENS_STATEMENT.test(next.text)) return undefined;
    if (OPENS_PROOF.test(next.text)) return next;
  }
  return undefined;
}
