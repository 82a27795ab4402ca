import { format } from 'node:util';
import { afterEach, expect } from 'vitest';

// React reports markup a browser would rebuild (a <div> inside a <p>) only on the console, where
// a passing run hides it; every web test fails on it instead.
const INVALID_NESTING = /In HTML, |cannot contain a nested|cannot be a descendant of/;
const found: string[] = [];
const consoleError = console.error.bind(console);
console.error = (...args: unknown[]) => {
  const text = format(...args);
  if (INVALID_NESTING.test(text)) found.push(text.split('\n')[0] ?? text);
  consoleError(...args);
};

afterEach(() => {
  expect(found.splice(0), 'invalid markup nesting').toEqual([]);
});
