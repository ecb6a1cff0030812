import { useCallback, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { describeError } from '../../lib/api.ts';
import { prefillBookText, readBytes, refusePdf, type PdfSelfDescription } from './pdf-file.ts';
import type { Upload } from '@threadbook/contracts';
import { sendPdf } from './uploads-api.ts';
import { uploadsQueryKey } from './use-uploads.ts';

/** A PDF chosen and accepted, waiting for the form: its title and author once the PDF was read. */
export interface ChosenPdf {
  file: File;
  prefill: { title: string; author: string } | null;
}

/** A PDF being sent (before the server has it as an upload), or one whose sending failed. */
export interface SendingPdf {
  key: number;
  title: string;
  author: string;
  sent: number;
  total: number;
  error: string | null;
}

/** A short word for the Library: a refused file, or a book that was there already. */
export interface LibraryNotice {
  kind: 'error' | 'info';
  text: string;
}

/** How long reading a PDF's metadata may take before the form starts from the file name. */
const DESCRIBE_TIMEOUT_MS = 8000;

async function describe(file: File): Promise<PdfSelfDescription> {
  try {
    const bytes = await readBytes(file);
    const { describePdf } = await import('./pdf-info.ts');
    return await Promise.race([
      describePdf(bytes),
      new Promise<PdfSelfDescription>((resolve) => setTimeout(() => resolve({}), DESCRIBE_TIMEOUT_MS)),
    ]);
  } catch {
    return {};
  }
}

/**
 * Adding a book: a chosen (or dropped) file is checked (a PDF, not too large), read for its title and
 * author, shown in the form, then sent with its progress; the server queues its import, which `sent`
 * hears of (useUploads follows it until it is a book).
 */
export function useAddBook(
  maxBookMb: number,
  announce: (message: string) => void,
  sent: (upload: Upload) => void,
) {
  const client = useQueryClient();
  const [chosen, setChosen] = useState<ChosenPdf | null>(null);
  const [sending, setSending] = useState<SendingPdf[]>([]);
  const [notice, setNotice] = useState<LibraryNotice | null>(null);
  const nextKey = useRef(0);

  const choose = useCallback(
    async (file: File) => {
      setNotice(null);
      const refusal = await refusePdf(file, maxBookMb);
      if (refusal) {
        setNotice({ kind: 'error', text: refusal });
        return;
      }
      setChosen({ file, prefill: null });
      const prefill = prefillBookText(file.name, await describe(file));
      setChosen((current) => (current?.file === file ? { file, prefill } : current));
    },
    [maxBookMb],
  );

  const cancel = useCallback(() => setChosen(null), []);

  const update = (key: number, change: Partial<SendingPdf>) =>
    setSending((list) => list.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const send = useCallback(
    async (title: string, author: string) => {
      const file = chosen?.file;
      if (!file) return;
      setChosen(null);
      const key = ++nextKey.current;
      setSending((list) => [...list, { key, title, author, sent: 0, total: file.size, error: null }]);
      announce(`Uploading “${title}”…`);
      try {
        const { upload } = await sendPdf({
          file,
          title,
          author,
          onProgress: (done, total) => update(key, { sent: done, total }),
        });
        sent(upload);
        await client.invalidateQueries({ queryKey: uploadsQueryKey });
        setSending((list) => list.filter((item) => item.key !== key));
      } catch (error) {
        const message = describeError(error, 'The upload failed.');
        update(key, { error: message });
        announce(`“${title}” could not be added: ${message}`);
      }
    },
    [chosen, client, announce, sent],
  );

  const dismiss = useCallback(
    (key: number) => setSending((list) => list.filter((item) => item.key !== key)),
    [],
  );

  return {
    chosen,
    choose,
    cancel,
    send,
    sending,
    dismiss,
    notice,
    clearNotice: () => setNotice(null),
  };
}
