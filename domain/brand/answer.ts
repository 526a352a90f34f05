/**
 * The brand reader's entry point, where its callers have always imported it; the reader lives in
 * reader/ (docs/brand-reader.md).
 */
export * from './reader/answer';
