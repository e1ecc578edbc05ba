'use client';

import { useId, type ReactNode } from 'react';

/** A native select with its visible label above it; children are the <option>s. */
export function LabelledSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string | number;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <div className="min-w-0 max-w-full">
      <label htmlFor={id} className="block text-sm font-semibold">
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className="mt-1 max-w-full rounded-md border border-line bg-surface px-2 py-1.5 text-sm"
      >
        {children}
      </select>
    </div>
  );
}
