// What "no English sentence" means in a Chinese message (#37 point 4): two Latin words in a row,
// once the values it quotes (“…”, `…`, "…"), JSON texts, paths, codes and hashes are masked — a
// lone key such as `expect` or `decision` or a form name such as simple is not a sentence. Used by
// the vector runners' test (src/kernel/vectors) and `erdl vectors` under --lang zh.

/** The English sentences (pairs of Latin words) left in a Chinese text. */
export function englishSentences(zh: string): string[] {
  const plain = zh
    .replace(/“[^”]*”|`[^`]*`|"[^"]*"/g, ' ')
    .replace(/\{[^{}]*\}|\[[^[\]]*\]/g, ' ')
    .replace(/\S*[/:.#_][\w./:#_-]*/g, ' ');
  return [...plain.matchAll(/[A-Za-z]{2,}[ \t]+[A-Za-z]{2,}/g)].map((m) => m[0]);
}
