import { useEffect, useState } from 'react';
import { fetchCover } from './api.ts';

export type CoverState = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; url: string };

/** The cover of book `id` as an object URL, revoked when the tile goes away or shows another book. */
export function useCover(id: number): CoverState {
  const [state, setState] = useState<{ id: number; cover: CoverState }>({ id, cover: { status: 'loading' } });
  useEffect(() => {
    const controller = new AbortController();
    let url: string | undefined;
    fetchCover(id, { signal: controller.signal }).then(
      (blob) => {
        if (controller.signal.aborted) return;
        url = URL.createObjectURL(blob);
        setState({ id, cover: { status: 'ready', url } });
      },
      () => {
        if (!controller.signal.aborted) setState({ id, cover: { status: 'failed' } });
      },
    );
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [id]);
  // A new id shows the placeholder until its own cover arrives.
  return state.id === id ? state.cover : { status: 'loading' };
}
