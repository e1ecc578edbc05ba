import { BUILT_INS } from './intrinsics';
import { CUT_MARK, cutText, PAGE_BOUNDS, shownLine, type ShownOf, type ShownText } from './text';

const { max, min, stringSlice } = BUILT_INS;

/** Bounds of one result: characters per item and in all. */
export interface TextBounds {
  itemChars: number;
  totalChars: number;
}

/**
 * The characters one result may bring to the page (a run's snapshots, a console run's cells and
 * column names). Each text taken is cut to `itemChars` and to what is left of `totalChars`;
 * once the total is spent every further text shows as "…". It counts what it kept and what
 * there was, for the "Shown N of M characters" line.
 */
export class TextBudget {
  private kept = 0;
  private full = 0;

  constructor(private readonly bounds: TextBounds = PAGE_BOUNDS) {}

  /** Characters still free. */
  get left(): number {
    return max(0, this.bounds.totalChars - this.kept);
  }

  /**
   * One text, cut to the item bound and to what is left; counted either way. `total` is the
   * length of the whole text when `text` is already its first part (a database can hand over
   * the start of a 4 MB cell and its length, without the rest).
   */
  take(text: string, total: number = text.length): ShownText {
    const cut = cutText(text, min(this.bounds.itemChars, this.left));
    const whole = max(total, cut.chars.total);
    this.kept += cut.chars.shown;
    this.full += whole;
    const marked = cut.text.length > 0 && stringSlice(cut.text, -CUT_MARK.length) === CUT_MARK;
    if (whole > cut.chars.shown && !marked && text.length > 0)
      return `${cut.text}${CUT_MARK}` as ShownText;
    return cut.text;
  }

  /** Counts text the page shows whole whatever the budget (a number: its few digits). */
  spend(chars: number): void {
    this.kept += chars;
    this.full += chars;
  }

  /** Characters shown of characters there were, across every text taken. */
  get chars(): ShownOf {
    return { shown: this.kept, total: this.full, atLeast: false };
  }

  /** "Shown N of M characters of …" when anything was cut, else null. */
  line(what: string): ShownText | null {
    return shownLine(this.chars, what);
  }
}
