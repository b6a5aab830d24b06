/**
 * One shell word for POSIX sh and bash: a file name printed in a command a reader copies
 * (`erdl hash 'aml-screening (3).erdl.yaml'`). Names made only of characters no shell treats
 * specially stay bare; anything else is single-quoted, with each `'` written as `'\''`. Inside
 * single quotes nothing is special to sh or bash (no $, `, \, !, glob or space expansion), so
 * the word is exactly the name.
 */
export function shellQuote(word: string): string {
  if (word !== '' && /^[A-Za-z0-9_./:=@%+,-]+$/.test(word) && !word.startsWith('-')) return word;
  return `'${word.replace(/'/g, `'\\''`)}'`;
}
