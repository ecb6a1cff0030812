/**
 * The latest value of each key, per version: built once, on first demand (a promise, so that requests
 * arriving together share one build), and kept while the weights of the values kept stay within the
 * budget, the least recently used going first. Another version of a key replaces it; a failed build is
 * forgotten, so that the next request tries again.
 */
export interface VersionedCache<V> {
  get(key: string, version: string, weight: number, build: () => Promise<V>): Promise<V>;
}

export function createVersionedCache<V>(budget: number): VersionedCache<V> {
  const kept = new Map<string, { version: string; weight: number; value: Promise<V> }>();
  let total = 0;
  const forget = (key: string) => {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    total -= entry.weight;
  };
  return {
    get(key, version, weight, build) {
      let entry = kept.get(key);
      forget(key);
      if (entry?.version !== version) {
        const fresh = { version, weight, value: build() };
        fresh.value.catch(() => {
          if (kept.get(key) === fresh) forget(key);
        });
        entry = fresh;
      }
      kept.set(key, entry);
      total += entry.weight;
      for (const oldest of kept.keys()) {
        if (total <= budget || oldest === key) break;
        forget(oldest);
      }
      return entry.value;
    },
  };
}
