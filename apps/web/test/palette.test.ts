// @vitest-environment node
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CARD_RADIUS_PX, FONT_STACK, PALETTE, RADIUS_PX } from '../src/components/theme/palette.ts';

const TOKENS = readFileSync(new URL('../src/components/theme/tokens.css', import.meta.url), 'utf8');

/** The value of one custom property in tokens.css, whitespace folded. */
function token(name: string): string | undefined {
  const match = new RegExp(`--vr-${name}:\\s*([^;]+);`).exec(TOKENS);
  return match?.[1]?.replace(/\s+/g, ' ').trim();
}

const kebab = (key: string) => key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

describe('tokens.css mirrors palette.ts', () => {
  it('has every colour of the palette, and no other', () => {
    for (const [key, colour] of Object.entries(PALETTE))
      expect(token(kebab(key)), key).toBe(colour);
    const colours = TOKENS.match(/--vr-[a-z-]+:\s*#/g) ?? [];
    expect(colours).toHaveLength(Object.keys(PALETTE).length);
  });

  it('has the radii and the font stack', () => {
    expect(token('radius')).toBe(`${RADIUS_PX}px`);
    expect(token('card-radius')).toBe(`${CARD_RADIUS_PX}px`);
    expect(token('font')?.replace(/'/g, '"').replace(/,\s*/g, ',')).toBe(FONT_STACK);
  });
});
