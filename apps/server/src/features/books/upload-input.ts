import type { ImportInput } from './import-types.ts';
import type { BookStorage } from './storage.ts';

/** A PDF a user added (features/uploads): where it waits, what they called it, and who they are. */
export interface UploadPayload {
  /** The upload's name in the book storage (BookStorage.uploadFile). */
  upload: string;
  fileName: string;
  title?: string | undefined;
  author?: string | undefined;
  size: number;
}

/** What the import of upload job `job` is asked. */
export function uploadImportInput(
  storage: BookStorage,
  job: { upload: UploadPayload; userId: string },
): ImportInput {
  const { upload, fileName, title, author } = job.upload;
  return { pdfPath: storage.uploadFile(upload), displayName: fileName, title, author, ownerId: job.userId };
}
