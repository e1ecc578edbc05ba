// The command line of the browser benches (bench:page-load, bench:tasks, bench:editor-input):
// one line and exit 2 for a bad option, `--name value` options checked by a parser.

/** `fail` and `option` for one bench, named in its lines, with its usage line. */
export function benchArgs(bench, usage) {
  function fail(message) {
    console.error(`${bench}: ${message}`);
    process.exit(2);
  }
  function option(name, fallback, parse) {
    const at = process.argv.indexOf(`--${name}`);
    if (at === -1) return fallback;
    const value = process.argv[at + 1];
    const parsed = value === undefined ? undefined : parse(value);
    if (parsed === undefined) fail(`--${name} ${value ?? '(nothing)'} is not valid; ${usage}`);
    return parsed;
  }
  return { fail, option };
}

/** A parser of whole numbers from low to high. */
export const integerIn = (low, high) => (text) => {
  const value = Number(text);
  return Number.isInteger(value) && value >= low && value <= high ? value : undefined;
};

/** A parser of a comma-separated list of the app's paths, at most `most` of them. */
export const pathList =
  (most = Infinity) =>
  (text) => {
    const paths = text.split(',');
    return paths.length <= most && paths.every((path) => /^\/[\w\-/]*$/.test(path))
      ? paths
      : undefined;
  };
