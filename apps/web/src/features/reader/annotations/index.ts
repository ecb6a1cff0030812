export { useStudyNotes, type ParagraphNotes, type StudyNotes } from './use-study-notes.tsx';
