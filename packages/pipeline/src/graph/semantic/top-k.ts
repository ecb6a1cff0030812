export interface Neighbour {
  index: number;
  similarity: number;
}

/** The k highest scores other than `self`, best first (ties by index, so results are deterministic). */
export function topK(scores: ArrayLike<number>, k: number, self: number): Neighbour[] {
  const best: Neighbour[] = [];
  if (k <= 0) return best;
  for (let index = 0; index < scores.length; index++) {
    const similarity = scores[index]!;
    if (index === self || (best.length === k && similarity <= best[k - 1]!.similarity)) continue;
    let at = best.length;
    while (at > 0 && best[at - 1]!.similarity < similarity) at--;
    best.splice(at, 0, { index, similarity });
    if (best.length > k) best.pop();
  }
  return best;
}
