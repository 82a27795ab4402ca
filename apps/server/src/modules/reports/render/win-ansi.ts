/**
 * The report uses the PDF's standard Helvetica (docs/decisions/0013-report-pdf-layout.md), which
 * shows only the WinAnsi characters; anything else would print as stray Latin letters. Providers'
 * text is mostly ASCII, so the rare other character becomes "?" instead.
 */

/** WinAnsi's characters between 0x80 and 0x9F; below 0x7F and 0xA0-0xFF are Latin-1 itself. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function isWinAnsi(char: string): boolean {
  const code = char.codePointAt(0)!;
  return (
    (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)
  );
}

/** `text` as the standard fonts can print it: composed accents, one line, no other characters. */
export function printable(text: string): string {
  let out = '';
  for (const char of text.normalize('NFC').replace(/\s+/g, ' ')) {
    out += isWinAnsi(char) ? char : '?';
  }
  return out.trim();
}
