/**
 * The API's contracts, shared by the server and the web app: each request's and answer's zod schema
 * and type, the error messages, and the rules both sides apply (related-walk.ts). Named one by one, so
 * what the package offers is read here.
 */
export {
  type AppConfig,
  appConfigSchema,
  AuthErrorCode,
  type AuthUser,
  authUserSchema,
  changePasswordRequestSchema,
  FRESH_SIGN_IN_SECONDS,
  type IdTokenClaims,
  idTokenClaimsSchema,
  MIN_PASSWORD_LENGTH,
} from './auth.ts';
export { type ErrorResponse, errorResponseSchema, healthResponseSchema } from './common.ts';
export {
  BOOK_FILES,
  BookErrorMessage,
  bookIdSchema,
  type BookListItem,
  bookListItemSchema,
  bookListSchema,
  type BookMetadata,
  bookMetadataSchema,
} from './books.ts';
export {
  type BookGraphQuery,
  bookGraphQuerySchema,
  type BookGraphResponse,
  bookGraphResponseSchema,
  GRAPH_LIMITS,
  GraphErrorMessage,
  type GraphSummaryRequest,
  graphSummaryRequestSchema,
  graphSummaryResponseSchema,
  inverseRelationshipType,
  type PageReference,
  type PageReferences,
  pageReferencesResponseSchema,
  type PageTerm,
  type PageTerms,
  pageTermsResponseSchema,
  PARAGRAPH_TEXTS_MAX,
  type ParagraphDetail,
  paragraphDetailSchema,
  paragraphTextsQuerySchema,
  type ParagraphTextsResponse,
  paragraphTextsResponseSchema,
  type RelatedParagraph,
  type RelatedParagraphsResponse,
  relatedParagraphsResponseSchema,
  relatedQuerySchema,
  RELATIONSHIP_TYPES,
  type RelationshipTypeName,
  relationshipTypeOf,
} from './graph.ts';
export {
  type Bookmark,
  BOOKMARK_LIMITS,
  BookmarkErrorMessage,
  type BookmarkList,
  bookmarkListSchema,
  bookmarkParamsSchema,
  type BookmarkRequest,
  bookmarkRequestSchema,
  bookmarkSchema,
  pageNumberSchema,
  type ReadingPosition,
  type ReadingPositionRequest,
  readingPositionRequestSchema,
  readingPositionSchema,
} from './bookmarks.ts';
export {
  type Annotation,
  ANNOTATION_LIMITS,
  AnnotationErrorMessage,
  annotationExportQuerySchema,
  annotationListSchema,
  annotationParamsSchema,
  type AnnotationPatch,
  annotationPatchSchema,
  type AnnotationRequest,
  annotationRequestSchema,
  annotationSchema,
  type AnnotationTarget,
  HIGHLIGHT_COLOURS,
  type HighlightColour,
  type PageRect,
} from './annotations.ts';
export {
  bookSearchQuerySchema,
  type BookSearchResponse,
  bookSearchResponseSchema,
  SEARCH_LIMITS,
  type SearchHit,
  type SearchSnippet,
} from './search.ts';
export {
  placedParagraphOf,
  rankRelated,
  relatedAnswer,
  type RelatedPaging,
  type SeenEdge,
  type WalkableGraph,
} from './related-walk.ts';
export { type Job, JobErrorMessage, type JobKind, jobSchema, type JobState, jobStateSchema } from './jobs.ts';
export {
  type BookRename,
  bookRenameSchema,
  type ImportStageName,
  type Upload,
  UPLOAD_LIMITS,
  UploadErrorMessage,
  uploadQuerySchema,
  uploadSchema,
  type UploadsResponse,
  uploadsResponseSchema,
} from './uploads.ts';
export {
  DEFAULT_READER_PREFERENCES,
  PAGE_COLOURS,
  type PageColours,
  type ReaderPreferences,
  type ReaderPreferencesPatch,
  readerPreferencesPatchSchema,
  readerPreferencesSchema,
} from './preferences.ts';
export {
  isPageImageWidth,
  OPENING_IMAGE_HEADERS,
  openingImagePath,
  PAGE_IMAGE_WIDTHS,
  PageImageErrorMessage,
  pageImagePath,
  pageImageWidth,
  type PageImageWidth,
  showsPageImages,
} from './page-images.ts';
export {
  PREPARE_PAGE_IMAGES_MAX,
  type PreparePageImages,
  preparePageImagesPath,
  preparePageImagesSchema,
} from './prepare-page-images.ts';
