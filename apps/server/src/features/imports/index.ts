export { importsFeature } from './feature.ts';
export { createSpareImportProcess } from './import-process.ts';
export { enqueueImportJob, isFinalImportError } from './import-jobs.ts';
export { uploadPayloadSchema, type ImportJob, type UploadPayload } from './import-types.ts';
