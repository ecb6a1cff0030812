import { lazy } from 'react';

/**
 * The library's dialogs, with Radix's dialog they are built on, load with the library screen rather than
 * in the app's first script (the first screen stays light): a tile or the page mounts them closed under
 * a Suspense boundary, so their code arrives before a button can open them.
 */
export const AddBookDialog = lazy(() =>
  import('./AddBookDialog.tsx').then((module) => ({ default: module.AddBookDialog })),
);
export const RenameBookDialog = lazy(() =>
  import('./RenameBookDialog.tsx').then((module) => ({ default: module.RenameBookDialog })),
);
export const RemoveBookDialog = lazy(() =>
  import('./RemoveBookDialog.tsx').then((module) => ({ default: module.RemoveBookDialog })),
);
