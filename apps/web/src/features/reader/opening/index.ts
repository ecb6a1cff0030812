export {
  fetchBookOpening,
  fetchOpeningImage,
  type OpeningImage,
  openingImageWidth,
} from './opening-image.ts';
export { useOpeningImage } from './use-opening-image.ts';
export { rememberReaderChrome } from './reader-chrome.ts';
