import { describe, expect, it } from 'vitest';
import { explainRelationship, sharedTermsOf } from '../src/graph/explain.ts';

// aata Section 6.1: the definition of a left coset (paragraph 1) and the proof of Theorem 6.4 (paragraph 14).
const definition = {
  id: '6.1.1',
  text:
    'Let G be a group and H a subgroup of G. Define a left coset of H with representative g ∈ G to be the set gH = {gh : h ∈ H}. ' +
    'Right cosets can be defined similarly by Hg = {hg : h ∈ H}. If left and right cosets coincide or if it is clear from the ' +
    'context to which type of coset that we are referring, we will use the word coset without specifying left or right.',
};
const proof = {
  id: '6.1.14',
  text:
    'Proof. Let g1H and g2H be two cosets of H in G. We must show that either g1H ∩ g2H = ∅ or g1H = g2H. Suppose that ' +
    'g1H ∩ g2H ≠ ∅ and a ∈ g1H ∩ g2H. Then by the definition of a left coset, a = g1h1 = g2h2 for some elements h1 and h2 ' +
    'in H. Hence, g1 = g2h2h1−1 or g1 ∈ g2H. By Lemma 6.3, g1H = g2H.',
};

/** The explanation's own sentences: quoted passages taken out, since they may hold full stops of their own. */
function ownSentences(explanation: string): string[] {
  return explanation
    .replace(/“[^”]*”/g, 'QUOTE')
    .replace(/"[^"]*"/g, 'QUOTE')
    .split(/(?<=[.!?])\s+/)
    .filter((sentence) => sentence.trim() !== '');
}

describe('sharedTermsOf', () => {
  it('lists the content words both paragraphs use, a shared phrase first', () => {
    const terms = sharedTermsOf(proof.text, definition.text);
    expect(terms[0]).toBe('left coset');
    // The phrase stands for its words: "cosets" alone would say it twice.
    expect(terms).not.toContain('cosets');
    expect(sharedTermsOf('The cosets of a normal subgroup form a group.', definition.text)).toEqual([
      'subgroup',
      'cosets',
      'group',
    ]);
    // Notation and glue words are not ideas.
    expect(terms).not.toContain('g1H');
    expect(terms).not.toContain('Let');
    expect(terms).not.toContain('the');
  });

  it('keeps a shared phrase only when it ends on a word that names an idea ("detect single" is a fragment)', () => {
    const topic = new Set(['error', 'coset', 'detect']);
    const options = { isTopicWord: (key: string) => topic.has(key) };
    expect(
      sharedTermsOf('Codes that detect single errors.', 'We can detect single errors.', options),
    ).toEqual(['detect single errors']);
    expect(sharedTermsOf('Codes that detect single bits.', 'We detect single ones.', options)).toEqual([
      'detect',
    ]);
    // Not across punctuation: "vertices, edges" is no phrase.
    expect(sharedTermsOf('cosets, errors', 'cosets errors', options)).toEqual(['cosets', 'errors']);
  });
});

describe('explainRelationship (built-in, offline)', () => {
  const background = { relationshipType: 'BACKGROUND', source: proof, related: definition };

  it('writes two or three sentences: the relation, the evidence, the key sentences', () => {
    const explanation = explainRelationship(background);
    const sentences = ownSentences(explanation);
    expect(sentences.length).toBeGreaterThanOrEqual(2);
    expect(sentences.length).toBeLessThanOrEqual(3);
    expect(sentences[0]).toBe(
      'Section 6.1, Paragraph 1 is background for this paragraph: it introduces ideas this one builds on.',
    );
  });

  it('names the terms both paragraphs share when no justification is given', () => {
    expect(explainRelationship(background)).toMatch(/both paragraphs mention left coset/i);
  });

  it('quotes the key sentence of each paragraph: the one that carries the shared ideas', () => {
    const explanation = explainRelationship(background);
    expect(explanation).toContain(
      '“Then by the definition of a left coset, a = g1h1 = g2h2 for some elements h1 and h2 in H.”',
    );
    expect(explanation).toContain(
      '“Define a left coset of H with representative g ∈ G to be the set gH = {gh : h ∈ H}.”',
    );
  });

  it('gives the justification as the evidence, without repeating the shared ideas it names', () => {
    const withReference = explainRelationship({
      ...background,
      justification: 'Defines "left coset", which this paragraph uses',
      sharedTerms: ['coset'],
    });
    expect(withReference).toContain(
      'The link: Defines "left coset", which this paragraph uses; both paragraphs mention coset.',
    );
    const semantic = explainRelationship({
      ...background,
      justification: 'Covers the same ideas: cosets, subgroup',
      sharedTerms: ['cosets'],
    });
    expect(semantic).toContain('The link: Covers the same ideas: cosets, subgroup.');
    expect(semantic).not.toContain('both paragraphs mention');
  });

  it('explains each type from the source paragraph’s side', () => {
    const say = (relationshipType: string) =>
      ownSentences(explainRelationship({ ...background, relationshipType }))[0];
    expect(say('ELABORATION')).toMatch(/^Section 6\.1, Paragraph 1 develops this paragraph/);
    expect(say('EXAMPLE')).toMatch(/example/);
    expect(say('CONTRAST')).toMatch(/contrasts/);
    expect(say('RELATED')).toMatch(/related to this paragraph/);
  });

  it('accepts lower- and mixed-case types, and explains an unknown type as related', () => {
    const upper = explainRelationship(background);
    expect(explainRelationship({ ...background, relationshipType: 'background' })).toBe(upper);
    expect(explainRelationship({ ...background, relationshipType: ' Background ' })).toBe(upper);
    expect(explainRelationship({ ...background, relationshipType: 'prerequisite' })).toBe(
      explainRelationship({ ...background, relationshipType: 'RELATED' }),
    );
  });

  it('is deterministic', () => {
    expect(explainRelationship(background)).toBe(explainRelationship(background));
  });

  it('shortens a long key sentence to about 200 characters', () => {
    const long = {
      id: '12:20.5.29',
      text: `The sum of U and V is ${'the set of all vectors of the form u + v, '.repeat(8)}where u ∈ U.`,
    };
    const explanation = explainRelationship({ relationshipType: 'RELATED', source: proof, related: long });
    const quoted = [...explanation.matchAll(/“([^”]*)”/g)].map((match) => match[1] ?? '');
    expect(quoted).toHaveLength(2);
    expect(quoted[1]!.length).toBeLessThanOrEqual(200);
    expect(quoted[1]).toMatch(/…$/);
    expect(explanation).toContain('Section 20.5, Paragraph 29');
  });

  it('says only what the evidence holds when there is little of it', () => {
    const explanation = explainRelationship({
      relationshipType: 'RELATED',
      source: { id: '1.1.1', text: 'Sets are collections.' },
      related: { id: '9.9.9', text: '' },
    });
    expect(ownSentences(explanation)).toEqual([
      'Section 9.9, Paragraph 9 is related to this paragraph: the two cover similar ideas.',
      'The two share no distinctive terms.',
    ]);
    // It restates the evidence; it does not reason about the mathematics.
    expect(explainRelationship(background)).not.toMatch(/\b(?:proves|shows|implies|because)\b/);
  });
});
