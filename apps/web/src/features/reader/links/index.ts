export { destinationTop, resolveDestination, type LinkTarget } from './destination.ts';
export { ReaderLinkService } from './link-service.ts';
export { useAnnotationLayer, type LinkAnnotation, type PageLinks } from './use-annotation-layer.ts';
