export interface SourceFile {
  path: string;
  text: string;
}
export function isTest(path: string): boolean;
export function productFiles(): SourceFile[];
export function sqlRunners(files: SourceFile[]): SourceFile[];
export function outcomeDeciders(files: SourceFile[]): { path: string }[];
export function propertyJudges(files: SourceFile[]): SourceFile[];
export function rowReaders(files: SourceFile[]): SourceFile[];
import type { ReviewedWords } from './reviewed-words.mjs';
export { REVIEWED_WORDS, type ReviewedWords } from './reviewed-words.mjs';
export function wordsOutsideExplainer(
  files: SourceFile[],
  reviewed?: readonly ReviewedWords[],
): SourceFile[];
export function literalsHolding(text: string, excerpt: string): string[];
export const CONDITION_KINDS: string[];
export const TARGET_KINDS: string[];
export function kindFiles(files: SourceFile[], kinds: readonly string[]): Record<string, string[]>;
export function leaseExports(): string[];
export function unusedLeaseExports(): string[];
export function testHelperLines(files: SourceFile[]): { files: string[]; lines: number };
export function duplicatePairs(files: SourceFile[], size?: number): { a: string; b: string }[];
