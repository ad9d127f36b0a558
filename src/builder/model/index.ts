/** The builder's React-free model: the document, its lookups and the one reducer with undo and redo. */
export * from './document';
export * from './reducer';
export * from './rename';
export * from './drop';
export * from './compile';
