export {
  applyDelta,
  computeDelta,
  compressText,
  decompressText,
  DeltaError,
  type Op,
} from './delta';
export { MAX_ANSWER_CHARS, ENTRY_KINDS, type EntryKind } from './schema';
export {
  createJournal,
  randomWriterId,
  segmentKey,
  type EntryMeta,
  type Journal,
  type JournalOptions,
  type Slicer,
  type JournalProblem,
  type SaveResult,
} from './store';
export {
  exportJournal,
  importJournal,
  EXPORT_FORMAT,
  MAX_IMPORT_CHARS,
  type ExportFile,
  type ImportResult,
} from './export';
export { compareVersions, type Comparison, type DiffPart } from './compare';
