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

interface KeyToken {
  position: number;
  accepts: (ch: string) => boolean;
  /** How much the token narrows the VIN down: 1 for a literal, less for a class. */
  weight: number;
}

function tokensOf(key: string): KeyToken[] {
  const [descriptor = '', identifier = ''] = key.split('|', 2);
  return [...positioned(descriptor, 4), ...positioned(identifier, 10)];
}

function positioned(part: string, first: number): KeyToken[] {
  return (part.match(TOKEN) ?? []).flatMap((token, i) => {
    if (token === '*') return [];
    const position = first + i;
    if (!token.startsWith('[')) return [{ position, accepts: (ch) => ch === token, weight: 1 }];
    const members = classMembers(token.slice(1, -1));
    return [{ position, accepts: (ch) => members.has(ch), weight: 0.5 }];
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

/** Whether the key holds for the VIN, using only positions the input supplies (1-based). */
export function keyMatches(key: string, known: readonly (string | undefined)[]): boolean {
  return tokensOf(key).every((t) => {
    const ch = known[t.position - 1];
    return ch !== undefined && t.accepts(ch);
  });
}

/** How narrowly a key describes the VIN; the narrower of two matching keys is the better. */
export function keySpecificity(key: string): number {
  return tokensOf(key).reduce((sum, t) => sum + t.weight, 0);
}
