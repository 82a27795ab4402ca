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
 *
 * What a token scores does not depend on the character it is compared with, only whether it
 * accepts it, so a key's confidence against subjects of one length is one number when its
 * characters are accepted and 0 otherwise: a `ConfidenceRule`, worked out once per key.
 */
export interface ConfidenceRule {
  /** The confidence when every check holds (0: the key never scores against such a subject). */
  score: number;
  /** The subject's characters that must be accepted, by offset into the subject. */
  checks: CharacterCheck[];
}

export interface CharacterCheck {
  offset: number;
  accepts: (ch: string) => boolean;
}

interface Token {
  /** Undefined for `*`. */
  accepts: ((ch: string) => boolean) | undefined;
  score: number;
}

const NEVER: ConfidenceRule = { score: 0, checks: [] };

/** The rule of `key` against subjects of `subjectLength` characters. */
export function confidenceRule(key: string, subjectLength: number): ConfidenceRule {
  const bar = key.indexOf('|');
  const prefix = bar < 0 ? key : key.slice(0, bar);
  if (bar >= 0 && prefix.length === 5) {
    const judged = key
      .slice(bar + 1)
      .split('|')[0]
      ?.charAt(1);
    if (judged === '*') return { score: 0.8, checks: [] };
    // corgi compares the character with the whole subject.
    if (judged === undefined || judged.length !== 1 || subjectLength !== 1) return NEVER;
    return { score: 1, checks: [{ offset: 0, accepts: (ch) => ch === judged }] };
  }
  const tokens = tokensOf(prefix);
  if (!tokens || prefix === '') return NEVER;
  return ruleOf(tokens, subjectLength);
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

function ruleOf(tokens: readonly Token[], subjectLength: number): ConfidenceRule {
  const compared = Math.min(tokens.length, subjectLength);
  // A key longer than the subject matches only when a single trailing `*` is left over.
  const leftOver = tokens.length - compared;
  if (leftOver > 1 || (leftOver === 1 && tokens[compared]?.accepts !== undefined)) return NEVER;
  if (compared === 0) return NEVER;
  let sum = 0;
  const checks: CharacterCheck[] = [];
  for (let offset = 0; offset < compared; offset++) {
    const { accepts, score } = tokens[offset] as Token;
    // corgi stops checking at a trailing `*`, but still scores it.
    if (accepts) checks.push({ offset, accepts });
    sum += score;
  }
  return { score: Math.min(1, sum / compared), checks };
}
