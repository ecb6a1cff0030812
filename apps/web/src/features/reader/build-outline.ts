// The outline builder alone, for parse-outline.ts to load where there are no workers: imported by name from
// here, the reader's own code keeps no XML parser.
export { buildBookOutline } from '@threadbook/book';
