export {
  fetchOpeningImage,
  type OpeningImage,
  openingImageWidth,
  showsOpeningImage,
} from './opening-image.ts';
export { type OpeningImageState, useOpeningImage } from './use-opening-image.ts';
