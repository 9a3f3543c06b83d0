import { expect, it } from 'vitest';
import { PNG_1X1 } from '../../test/helpers.js';
import {
  describeEachServerDatabase,
  publish,
  ServerProcess,
  signIn,
  strongPassword,
  uniqueName,
} from '../../test/server-process.js';

/**
 * A BibTeX citation whose fields hold every LaTeX special character, read back the way BibTeX
 * itself (and pybtex) reads a .bib file, then as LaTeX prints it. The reader is written here, on
 * purpose: neither our writer nor citation-js, which would forgive what they themselves write.
 */

const SPECIALS = '\\ % # ^ ~ & $ _ { }';

// --- BibTeX, as pybtex's parser reads it -------------------------------------------------------

interface BibEntry {
  type: string;
  key: string;
  fields: Map<string, string>;
}

/** The standard month macros (pybtex expands them to the full name). */
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/**
 * Reads the entries of a .bib text. As in BibTeX and pybtex: text outside entries is skipped;
 * `@type{key, name = value, …}` (or parentheses); a value is `#`-joined parts, each a braced
 * string (braces are counted with no regard to backslashes: BibTeX has no escape for them), a
 * quoted string (a `"` ends it only outside braces), a number or a macro; runs of whitespace in a
 * value read as one space; names are case-insensitive; a field given twice is an error.
 */
function parseBibtex(text: string): BibEntry[] {
  let at = 0;
  const fail = (what: string): never => {
    throw new Error(`BibTeX: ${what} at offset ${at}: ${JSON.stringify(text.slice(at, at + 40))}`);
  };
  const skipSpace = () => {
    while (at < text.length && /\s/.test(text[at] as string)) at += 1;
  };
  const identifier = (): string => {
    skipSpace();
    const match = /^[^\s"#%'(),={}]+/.exec(text.slice(at));
    if (!match) return fail('expected a name');
    at += match[0].length;
    return match[0];
  };
  const consume = (char: string) => {
    skipSpace();
    if (text[at] !== char) fail(`expected ${JSON.stringify(char)}`);
    at += 1;
  };
  const delimited = (open: string, close: string): string => {
    // At the opening delimiter; returns what lies between it and its match.
    const start = at + 1;
    let depth = 0;
    for (at += 1; at < text.length; at += 1) {
      const char = text[at];
      if (char === '{') depth += 1;
      else if (char === '}') {
        if (depth === 0 && close === '}') break;
        depth -= 1;
        if (depth < 0) fail('unbalanced "}"');
      } else if (char === close && depth === 0) break;
    }
    if (at >= text.length) fail(`unterminated ${open}…${close}`);
    const inner = text.slice(start, at);
    at += 1;
    return inner;
  };
  const valuePart = (): string => {
    skipSpace();
    const char = text[at];
    if (char === '{') return delimited('{', '}');
    if (char === '"') return delimited('"', '"');
    const name = identifier();
    if (/^\d+$/.test(name)) return name;
    const month = MONTHS.indexOf(name.toLowerCase());
    if (month < 0) fail(`undefined macro ${name}`);
    return new Date(Date.UTC(2000, month)).toLocaleString('en', { month: 'long' });
  };

  const entries: BibEntry[] = [];
  for (;;) {
    const next = text.indexOf('@', at);
    if (next < 0) return entries;
    at = next + 1;
    const type = identifier().toLowerCase();
    skipSpace();
    const close = text[at] === '(' ? ')' : '}';
    consume(close === ')' ? '(' : '{');
    skipSpace();
    const keyMatch = /^[^\s,]+/.exec(text.slice(at));
    if (!keyMatch) return fail('expected a key');
    at += keyMatch[0].length;
    const fields = new Map<string, string>();
    for (;;) {
      skipSpace();
      if (text[at] === close) break;
      consume(',');
      skipSpace();
      if (text[at] === close) break;
      const name = identifier().toLowerCase();
      consume('=');
      const parts = [valuePart()];
      for (skipSpace(); text[at] === '#'; skipSpace()) {
        at += 1;
        parts.push(valuePart());
      }
      if (fields.has(name)) fail(`field ${name} given twice`);
      fields.set(name, parts.join('').replace(/\s+/g, ' ').trim());
    }
    at += 1;
    entries.push({ type, key: keyMatch[0], fields });
  }
}

// --- LaTeX text, as LaTeX prints it ------------------------------------------------------------

/** The text commands a writer may use for the specials, and what LaTeX prints for each. */
const TEXT_COMMANDS: Record<string, string> = {
  textbackslash: '\\',
  textasciitilde: '~',
  textasciicircum: '^',
  textbraceleft: '{',
  textbraceright: '}',
  textless: '<',
  textgreater: '>',
  textdollar: '$',
  textunderscore: '_',
};
const ESCAPED_SYMBOLS = new Set(['%', '#', '&', '$', '_', '{', '}']);

/**
 * The characters LaTeX prints for a field's text. `\%`-style escapes and the text commands
 * above give their character (a control word eats the spaces after it, or one `{}`); other
 * braces are groups and print nothing. An unescaped special (`%` starts a comment, `~` is a
 * non-breaking space, `$` math…) or an unknown command is an error: the field is not plain text.
 */
function latexToText(latex: string): string {
  let out = '';
  for (let at = 0; at < latex.length;) {
    const char = latex[at] as string;
    if (char === '\\') {
      const word = /^[A-Za-z]+/.exec(latex.slice(at + 1))?.[0];
      if (word) {
        const printed = TEXT_COMMANDS[word];
        if (printed === undefined) throw new Error(`unknown LaTeX command \\${word}`);
        out += printed;
        at += 1 + word.length;
        if (latex.startsWith('{}', at)) at += 2;
        else while (latex[at] === ' ') at += 1;
        continue;
      }
      const symbol = latex[at + 1] ?? '';
      if (!ESCAPED_SYMBOLS.has(symbol)) throw new Error(`unknown LaTeX escape \\${symbol}`);
      out += symbol;
      at += 2;
      continue;
    }
    if (char === '{' || char === '}') {
      at += 1;
      continue;
    }
    if ('%#&$_^~'.includes(char)) {
      throw new Error(
        `unescaped LaTeX special ${JSON.stringify(char)} in ${JSON.stringify(latex)}`,
      );
    }
    out += char;
    at += 1;
  }
  return out;
}

/** The reader itself must be right: a few hand-written fields it must read as BibTeX does. */
function checkReader() {
  const [entry] = parseBibtex(
    'junk @Misc{k1, Title = "a {"} b" # { c \\textbackslash{}d}, year = 2025, month = jan,}',
  );
  expect(entry?.type).toBe('misc');
  expect(entry?.fields.get('title')).toBe('a {"} b c \\textbackslash{}d');
  expect(latexToText(entry?.fields.get('title') ?? '')).toBe('a " b c \\d');
  expect(entry?.fields.get('month')).toBe('January');
  // A lone escaped brace still counts for BibTeX: the field ends early and the entry breaks.
  expect(() => parseBibtex('@misc{k, title = {a \\} b}, year = {1}}')).toThrow();
  expect(() => latexToText('50%')).toThrow(/unescaped/);
  expect(latexToText('\\textasciitilde x\\_\\{')).toBe('~x_{');
}

// --- The attack --------------------------------------------------------------------------------

describeEachServerDatabase('citations over HTTP', (open) => {
  it('a DOI, title, author and file name with every LaTeX special read back from BibTeX', async () => {
    checkReader();
    const server = await ServerProcess.start(await open(), { WORKER_CONCURRENCY: '0' });
    // Unbalanced and reversed braces too: a `}` first must not end the field.
    const title = `Braces } first { then ${SPECIALS} <b> and 100%`;
    const doi = `10.1000/x${SPECIALS.replaceAll(' ', '')}}<i>`;
    const nickname = `Ada } ${SPECIALS}`.slice(0, 40);
    const fileName = 'fig_1 {a} 50% #2 & $x$ ~^.png';
    const credentials = { username: uniqueName('cite'), password: strongPassword() };
    const registered = await fetch(server.url('/api/v1/auth/register'), {
      method: 'POST',
      body: new URLSearchParams({ ...credentials, nickname }),
    });
    expect(registered.status, await registered.text()).toBe(201);
    const token = await signIn(server, credentials);
    const author = { ...credentials, token, headers: { authorization: `Bearer ${token}` } };
    const postId = await publish(server, author, { title, doi }, [
      { name: fileName, content: PNG_1X1, type: 'image/png' },
    ]);
    const detail = await fetch(server.url(`/api/v1/media/${postId}`), { headers: author.headers });
    const stored = (await detail.json()) as {
      doi: string;
      title: string;
      files: { cid: string }[];
    };
    // The schema kept the DOI as given: every special is a legal DOI character.
    expect(stored.doi).toBe(doi);
    expect(stored.title).toBe(title);

    const response = await fetch(server.url(`/api/v1/media/${postId}/cite?format=bibtex`), {
      headers: author.headers,
    });
    const bibtex = await response.text();
    expect(response.status, bibtex).toBe(200);
    console.log(`[attack] BibTeX of a post with every LaTeX special:\n${bibtex}`);

    const entries = parseBibtex(bibtex);
    expect(entries).toHaveLength(1);
    const fields = entries[0]?.fields ?? new Map<string, string>();
    const read = (name: string) => {
      const value = fields.get(name);
      if (value === undefined) throw new Error(`no ${name} field in ${bibtex}`);
      return latexToText(value);
    };
    expect(read('title')).toBe(title);
    expect(read('doi')).toBe(doi);
    expect(read('author')).toBe(nickname);
    expect(read('url')).toBe(server.url(`/forum/detail/${postId}`));
    expect(read('note')).toBe(`IPFS CID ${stored.files[0]?.cid} (${fileName})`);
    // Every field is plain text once read: none is left that LaTeX would read otherwise.
    for (const name of fields.keys()) expect(() => read(name), name).not.toThrow();
  }, 120_000);
});
