export { pageOfSelection, targetOfRange, lineRects } from './anchor.ts';
export { useStudyNotes, type ParagraphNotes, type StudyNotes } from './use-study-notes.tsx';
