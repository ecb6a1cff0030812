export {
  fetchOpeningImage,
  type OpeningImage,
  openingImageWidth,
  showsOpeningImage,
} from './opening-image.ts';
export { useOpeningImage } from './use-opening-image.ts';
