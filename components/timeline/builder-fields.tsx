import { MAX_ACCEPTORS } from '@/lib/lease';

/** The builder's form controls: one look for every select and input. */
export const FIELD = 'rounded-md border border-line bg-surface px-2 py-1';

/** How many acceptors a majority check asks, each offered with the majority it needs. */
export function AcceptorsSelect({
  label,
  value,
  onChange,
}: {
  label: string;
  value: number;
  onChange: (acceptors: number) => void;
}) {
  return (
    <label className="flex flex-col">
      {label}
      <select value={value} onChange={(e) => onChange(Number(e.target.value))} className={FIELD}>
        {Array.from({ length: MAX_ACCEPTORS }, (_, i) => i + 1).map((n) => (
          <option key={n} value={n}>
            {n} (majority {Math.floor(n / 2) + 1})
          </option>
        ))}
      </select>
    </label>
  );
}
