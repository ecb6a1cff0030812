export { createPageImages, type PageImages } from './page-images.ts';
export { createPageRenderPool, type PageRenderPool } from './render-pool.ts';
export { pageImagesRoutes, type OpeningPageOf } from './routes.ts';
