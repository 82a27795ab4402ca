/**
 * The confidence @cardog/corgi gives a pattern key against a VIN, which decides what today's
 * decoder sees: a pattern is reported only above corgi's cut-off, and the confidences order
 * what is reported. The compiled engine has to reproduce it, quirks included, to answer exactly
 * as the corgi-based decoder did:
 *
 * - a key with a `|` and exactly five characters before it is judged by position 11 alone,
 *   against the second character of what follows the `|` (`*` scores 0.8, equal 1, else 0);
 * - any other key is judged by the part before the `|` only, laid over the subject from its
 *   first character: a literal that matches scores 1, a class 0.8 (0.7 with a range, matched or
 *   not), a `*` 0.5, averaged over the tokens compared; a key that does not match scores 0.
 *
 * The subject is positions 4–17, except for a key with a `|` outside the model lookup, which
 * corgi lays over position 11 alone.
 */
export type ConfidenceOf = (subject: string) => number;

interface Token {
  /** Undefined for `*`. */
  accepts: ((ch: string) => boolean) | undefined;
  score: number;
}

export function confidenceOf(key: string): ConfidenceOf {
  const bar = key.indexOf('|');
  const prefix = bar < 0 ? key : key.slice(0, bar);
  if (bar >= 0 && prefix.length === 5) {
    const judged = key
      .slice(bar + 1)
      .split('|')[0]
      ?.charAt(1);
    return (subject) => (judged === '*' ? 0.8 : judged === subject ? 1 : 0);
  }
  const tokens = tokensOf(prefix);
  if (!tokens || prefix === '') return () => 0;
  return (subject) => scoreOf(tokens, subject);
}

/** The prefix as corgi reads it; undefined when a class is never closed (corgi matches nothing). */
function tokensOf(prefix: string): Token[] | undefined {
  const tokens: Token[] = [];
  for (let i = 0; i < prefix.length; i++) {
    const ch = prefix.charAt(i);
    if (ch === '[') {
      const close = prefix.indexOf(']', i);
      if (close < 0) return undefined;
      const body = prefix.slice(i + 1, close);
      tokens.push({ accepts: classAccepts(body), score: body.includes('-') ? 0.7 : 0.8 });
      i = close;
    } else if (ch === '*') {
      tokens.push({ accepts: undefined, score: 0.5 });
    } else {
      tokens.push({ accepts: (c) => c === ch, score: 1 });
    }
  }
  return tokens;
}

/** corgi reads `X-Y` as a range only when something follows the `-`, as vPIC does. */
function classAccepts(body: string): (ch: string) => boolean {
  return (ch) => {
    const code = ch.charCodeAt(0);
    for (let i = 0; i < body.length;) {
      if (i + 2 < body.length && body[i + 1] === '-') {
        if (code >= body.charCodeAt(i) && code <= body.charCodeAt(i + 2)) return true;
        i += 3;
      } else {
        if (ch === body[i]) return true;
        i++;
      }
    }
    return false;
  };
}

function scoreOf(tokens: readonly Token[], subject: string): number {
  const compared = Math.min(tokens.length, subject.length);
  // A key longer than the subject matches only when a single trailing `*` is left over.
  const leftOver = tokens.length - compared;
  if (leftOver > 1 || (leftOver === 1 && tokens[compared]?.accepts !== undefined)) return 0;
  let sum = 0;
  for (let i = 0; i < compared; i++) {
    const token = tokens[i] as Token;
    const ch = subject.charAt(i);
    if (token.accepts === undefined) {
      // corgi stops checking at a trailing `*`, but still scores it.
      sum += 0.5;
      continue;
    }
    if (!token.accepts(ch)) return 0;
    sum += token.score;
  }
  return compared === 0 ? 0 : Math.min(1, sum / compared);
}
