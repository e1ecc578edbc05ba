export interface LibLayer {
  name: string;
  folders: readonly string[];
  why: string;
}
export const LIB_LAYERS: readonly LibLayer[];
export function forbiddenFor(folder: string): string[];
