// The one door to the page (issue 27): every text that comes from learner code, a database,
// storage or a file is cut here before React renders it. See docs/security.md, "Bounded".
export {
  CUT_MARK,
  cutText,
  PAGE_BOUNDS,
  shown,
  shownLine,
  showList,
  showMessage,
  type ShownOf,
  type ShownText,
} from './text';
export { TextBudget, type TextBounds } from './budget';
/** Names from outside, with control and format characters escaped. */
export { printableText } from './printable';
/** The built-ins the door uses, as they were when it loaded (before any learner code ran). */
export { BUILT_INS, uncurry } from './intrinsics';
/** The door for messages from a worker that ran learner code: bytes, size, shape, lengths. */
export {
  booleanPart,
  eitherPart,
  listPart,
  MessageRefused,
  nullablePart,
  numberPart,
  objectPart,
  oneOfPart,
  openMessage,
  optionalPart,
  recordPart,
  taggedPart,
  textPart,
  type MessageBounds,
  type MessagePart,
  type MessageTally,
  type Opened,
} from './message';
