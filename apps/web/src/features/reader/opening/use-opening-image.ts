import { useEffect, useState } from 'react';
import { fetchOpeningImage, type OpeningImage } from './opening-image.ts';

/**
 * The image of page `page` of book `bookId` for the reader to open with (null until it came, or when it
 * cannot be had), once `wanted` (the page known, the pages shown in their own colours) and until `done`
 * (pdf.js has drawn a page), when it is freed. `prefetched` is the one asked for ahead (prefetch.ts),
 * taken once.
 */
export function useOpeningImage(
  bookId: number,
  page: number,
  { wanted, done }: { wanted: boolean; done: boolean },
  prefetched?: () => Promise<OpeningImage | null> | undefined,
): OpeningImage | null {
  const [image, setImage] = useState<OpeningImage | null>(null);
  useEffect(() => {
    if (!wanted || done) return;
    const controller = new AbortController();
    let active = true;
    let taken: OpeningImage | null = null;
    const fetchIt = () => fetchOpeningImage(bookId, page, controller.signal);
    const asked = prefetched?.() ?? fetchIt();
    void asked
      .then((found) => {
        if (!found || found.page === page) return found;
        // Asked ahead for another page (the position changed meanwhile): not this one.
        found.release();
        return fetchIt();
      })
      .then((found) => {
        if (!active) return found?.release();
        taken = found;
        setImage(found);
      });
    return () => {
      active = false;
      controller.abort();
      taken?.release();
      setImage(null);
    };
  }, [bookId, page, wanted, done, prefetched]);
  return image;
}
