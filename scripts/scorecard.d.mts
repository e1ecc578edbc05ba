export interface Figure {
  id: string;
  label: string;
  value: number;
  target: number;
  list: string[];
}
export function figures(): Figure[];
export const CEILINGS: Readonly<Record<string, number>>;
