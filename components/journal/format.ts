/** A saved time as the history shows it: day, month and time to the second. */
export function formatTime(at: number): string {
  return new Date(at).toLocaleString('en-GB', {
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
}

/** A size in characters, with thousands separators. */
export function formatSize(chars: number): string {
  return `${chars.toLocaleString('en-US')} ${chars === 1 ? 'character' : 'characters'}`;
}
