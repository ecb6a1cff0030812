/**
 * The reader's head script: index.html runs it as soon as it has it, before the app's script has come, so
 * that a reader opened by its address asks for the page it opens at and shows it at once
 * (features/reader/opening-head.ts). Built apart from the app, as one small classic script (vite.config.ts).
 */
import { startOpeningHead } from './features/reader/opening-head.ts';

startOpeningHead();
