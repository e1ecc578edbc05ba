export * from './progress';
export { lessonSchema, recordEvent, readLessonRecords } from './records';
export * from './path-choice';
export * from './reading';
