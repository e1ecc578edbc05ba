'use client';

/** A row of pressable choices; a locked row shows the chosen one and takes no clicks. */
export function ChoiceButtons<T extends string | boolean>({
  label,
  choices,
  chosen,
  locked = false,
  onChoose,
}: {
  label: string;
  choices: readonly { value: T; label: string }[];
  chosen: T | undefined;
  locked?: boolean;
  onChoose: (value: T) => void;
}) {
  return (
    <div role="group" aria-label={label} className="flex flex-wrap gap-2">
      {choices.map((choice) => (
        <button
          key={String(choice.value)}
          type="button"
          aria-pressed={chosen === choice.value}
          disabled={locked}
          onClick={() => onChoose(choice.value)}
          className={`rounded-md border px-4 py-1.5 font-semibold disabled:cursor-not-allowed ${
            chosen === choice.value
              ? 'border-accent bg-accent text-accent-ink'
              : 'border-line bg-surface hover:bg-surface-2 disabled:opacity-60'
          }`}
        >
          {choice.label}
        </button>
      ))}
    </div>
  );
}
