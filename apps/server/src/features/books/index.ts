export { booksOf, named, type BookAccess } from './access.ts';
export { bookIdOf } from './book-id.ts';
export { BookImportError } from './errors.ts';
export { sendFileBytes } from './file-bytes.ts';
export { bookOwnerSchema, fileTitle, ownerRow, placeInLibrary, type BookOwner } from './own-books.ts';
export { readyBooks } from './ready-books.ts';
export { shelves, type Shelf } from './shelf.ts';
export {
  cleanupIncompleteImports,
  COVER_FILE,
  openBookStorage,
  PAGE_IMAGES_DIR,
  pageImageName,
  removeUserFiles,
  type BookFileStat,
  type BookStorage,
} from './storage.ts';
