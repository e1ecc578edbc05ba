/** Input the lab refuses: printed as one clear line, exit code 2, and no file touched. */
export class BadInput extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BadInput';
  }
}
