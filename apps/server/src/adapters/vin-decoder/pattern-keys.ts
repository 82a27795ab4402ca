/**
 * vPIC pattern keys: position by position, `*` for any character, `[AC-F]` for a class, anything
 * else literal. Keys start at position 4; a `|` stands for position 9, so what follows it starts
 * at position 10.
 *
 * corgi matches keys loosely (confidence scores; for keys with a `|` it looks at position 11
 * only), so every pattern it reports is checked again here against the characters the VIN
 * really supplies: a pattern that needs a position the input lacks never counts.
 */
const TOKEN = /\[[^\]]*\]|[^|]/g;

export interface CompiledKey {
  /** Whether the key holds for the VIN, using only positions the input supplies (1-based). */
  matches(known: readonly (string | undefined)[]): boolean;
  /** How narrowly the key describes the VIN (1 a literal, 0.5 a class); the narrower wins. */
  specificity: number;
  /** What `matches` checks: the character at each `index` (0-based) is known and accepted. */
  tokens: readonly KeyToken[];
}

export interface KeyToken {
  index: number;
  accepts: (ch: string) => boolean;
  weight: number;
}

export function compileKey(key: string): CompiledKey {
  const [descriptor = '', identifier = ''] = key.split('|', 2);
  const tokens = [...positioned(descriptor, 4), ...positioned(identifier, 10)];
  return {
    matches: (known) =>
      tokens.every((t) => {
        const ch = known[t.index];
        return ch !== undefined && t.accepts(ch);
      }),
    specificity: tokens.reduce((sum, t) => sum + t.weight, 0),
    tokens,
  };
}

function positioned(part: string, first: number): KeyToken[] {
  return (part.match(TOKEN) ?? []).flatMap((token, i) => {
    if (token === '*') return [];
    const index = first + i - 1;
    if (!token.startsWith('[')) return [{ index, accepts: (ch) => ch === token, weight: 1 }];
    const members = classMembers(token.slice(1, -1));
    return [{ index, accepts: (ch) => members.has(ch), weight: 0.5 }];
  });
}

function classMembers(body: string): Set<string> {
  const members = new Set<string>();
  for (let i = 0; i < body.length; i++) {
    const from = body.charCodeAt(i);
    if (body[i + 1] === '-' && i + 2 < body.length) {
      for (let c = from; c <= body.charCodeAt(i + 2); c++) members.add(String.fromCharCode(c));
      i += 2;
    } else {
      members.add(body.charAt(i));
    }
  }
  return members;
}
