import type { ImportInput, UploadPayload } from './import-types.ts';
import type { BookStorage } from '../books/index.ts';

/** What the import of upload job `job` is asked. */
export function uploadImportInput(
  storage: BookStorage,
  job: { upload: UploadPayload; userId: string },
): ImportInput {
  const { upload, fileName, title, author } = job.upload;
  return {
    pdfPath: storage.uploadFile(upload),
    displayName: fileName,
    owner: { userId: job.userId, title, author, fileName },
  };
}
