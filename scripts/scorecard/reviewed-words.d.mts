export interface ReviewedWords {
  path: string;
  excerpt: string;
  reason: 'teaching' | 'checked';
  test?: string;
}
export const REVIEWED_WORDS: readonly ReviewedWords[];
