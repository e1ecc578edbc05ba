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
