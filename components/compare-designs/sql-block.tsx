import type { NamedStatement } from '@/lib/lease';

/** Statements shown as read-only code, each under its name. */
export function SqlBlocks({ statements }: { statements: readonly NamedStatement[] }) {
  return (
    <div className="grid min-w-0 gap-2 *:min-w-0">
      {statements.map((s) => (
        <div key={s.label}>
          <p className="text-xs font-semibold uppercase tracking-wide text-muted">{s.label}</p>
          <pre
            tabIndex={0}
            aria-label={`${s.label} SQL`}
            className="overflow-x-auto rounded-md bg-surface-2 p-2 text-xs leading-relaxed"
          >
            <code>{s.sql}</code>
          </pre>
        </div>
      ))}
    </div>
  );
}
