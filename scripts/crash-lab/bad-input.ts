/** Input the lab refuses: printed as one clear line, exit code 2, and no file touched. */
export class BadInput extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadInput';
  }
}

/**
 * The lab's PostgreSQL could not start, for a reason of the machine rather than of the input (a
 * folder the server's OS user cannot enter, a failed initdb): one line that says what to do.
 */
export class ServerCannotStart extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ServerCannotStart';
  }
}
