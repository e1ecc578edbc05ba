export {
  NO_FACTS,
  pathProgress,
  readCourseFacts,
  stepAfter,
  stepDone,
  timelineSolved,
  type CourseFacts,
  type PathStep,
} from './course';
