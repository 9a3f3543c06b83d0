import { describe, expect, it } from 'vitest';
import { hasMarkdownSyntax } from './markdown-syntax';

describe('hasMarkdownSyntax', () => {
  it.each([
    'A clear write-up.\nWhat about noise?',
    '@bob agreed, see page 3.',
    'Results (n = 12) were 4.5% higher; p < 0.05 & robust.',
    'First line\n\nSecond line\r\nThird line',
    '   Great paper',
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    'Version 2.0 shipped in 2024.',
  ])('finds none in plain text: %j', (text) => {
    expect(hasMarkdownSyntax(text)).toBe(false);
  });

  it.each([
    '**bold**',
    '_em_',
    'use `code`',
    '~~gone~~',
    'Energy $E=mc^2$',
    '$$\n\\int_0^1 x\\,dx\n$$',
    '```math\nx^2\n```',
    '> ~~~ math\n> x\n> ~~~',
    '| a | b |',
    '[x](javascript:alert(1))',
    '![fig](/ipfs/bafy/fig.png)',
    'a \\* b',
    'AT&amp;T',
    'see https://example.org',
    'see www.example.org',
    'write to a@example.org',
    '# Heading',
    'text\n## Heading',
    '> quoted',
    '- item',
    '+ item',
    '1. first',
    '2) second',
    '2024. is a list item in CommonMark',
    'Title\n===',
    'Title\n---',
    '    indented code',
    '\tindented code',
  ])('finds some in %j', (text) => {
    expect(hasMarkdownSyntax(text)).toBe(true);
  });
});
