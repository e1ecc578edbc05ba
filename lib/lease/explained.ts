/*
 * The type of every word the learner reads about a write. Only lib/lease can make one: the
 * brand's symbol is not exported, and `explained` is not exported from lib/lease/index.ts
 * (lib/lease/one-home.test.ts fails on an import of this file, or an `as Explained`, elsewhere).
 * A hand-written sentence where an Explained is expected does not compile.
 */
declare const brand: unique symbol;

/** A sentence, label, rule text or verdict line written by lib/lease's explainer. */
export type Explained = string & { readonly [brand]: true };

/** Marks a text the explainer wrote. */
export function explained(text: string): Explained {
  return text as Explained;
}
