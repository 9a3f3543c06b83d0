import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { StartupError } from '../../startup-error.js';
import { html } from './html.js';
import { mailLanguageOf } from './language.js';
import { MAIL_TEMPLATES, PASSWORD_RESET_TEMPLATE, VERIFY_EMAIL_TEMPLATE } from './templates.js';
import { createMailTransport, outboxTransport, type OutgoingMail } from './transport.js';

/**
 * The mail module's parts on their own: the templates (both parts, both languages, escaped), the
 * language a request asks for, the outbox files written without SMTP_URL, and the settings.
 */

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const LINK = 'https://symposia.test/verify-email?token=abc_DEF-123';

describe('mail templates', () => {
  it('write a text and an HTML part in English and in Chinese, each with the link', () => {
    for (const name of [VERIFY_EMAIL_TEMPLATE, PASSWORD_RESET_TEMPLATE]) {
      const template = MAIL_TEMPLATES[name]!;
      expect(template.link).toBeDefined();
      const subjects = new Set<string>();
      for (const language of ['en', 'zh-CN'] as const) {
        const mail = template.render(
          { username: 'ada', email: 'ada@example.org' },
          { language, site: 'https://symposia.test', link: LINK },
        );
        subjects.add(mail.subject);
        expect(mail.text).toContain(LINK);
        expect(mail.text).toContain('ada');
        expect(mail.html).toContain(`href="${LINK}"`);
        expect(mail.html).toContain(`<html lang="${language}">`);
        expect(mail.html).toContain('https://symposia.test');
      }
      expect(subjects.size).toBe(2);
    }
    const zh = MAIL_TEMPLATES[PASSWORD_RESET_TEMPLATE]!.render(
      { username: 'ada' },
      { language: 'zh-CN', site: 'https://symposia.test', link: LINK },
    );
    expect(zh.text).toMatch(/[\u4e00-\u9fff]/);
    expect(zh.text).toContain('1 小时');
  });

  it('escape what members wrote in the HTML part, and keep it as written in the text', () => {
    const hostile = '<img src=x onerror=alert(1)>&"\'';
    const mail = MAIL_TEMPLATES[VERIFY_EMAIL_TEMPLATE]!.render(
      { username: hostile, email: `"${hostile}"@example.org` },
      { language: 'en', site: 'https://symposia.test', link: `${LINK}&x="><script>` },
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;&amp;&quot;&#39;');
    expect(mail.text).toContain(hostile);
    // Prettier lays out html`` like HTML: whitespace between the tags may move.
    const kept = html`<i>kept</i>`;
    const made = html`<p>${'<b>'}</p>
      ${kept}`.value;
    expect(made.replace(/\s+/g, '')).toBe('<p>&lt;b&gt;</p><i>kept</i>');
  });
});

describe('mailLanguageOf', () => {
  it('reads the first language messages are written in, by quality', () => {
    expect(mailLanguageOf(undefined)).toBe('en');
    expect(mailLanguageOf('')).toBe('en');
    expect(mailLanguageOf('zh-CN')).toBe('zh-CN');
    expect(mailLanguageOf('zh-TW,en;q=0.5')).toBe('zh-CN');
    expect(mailLanguageOf('fr-FR,de;q=0.9,zh;q=0.8,en;q=0.7')).toBe('zh-CN');
    expect(mailLanguageOf('en;q=0.4,zh;q=0.9')).toBe('zh-CN');
    expect(mailLanguageOf('en-GB,zh;q=0.9')).toBe('en');
    expect(mailLanguageOf('zh;q=0,en')).toBe('en');
    expect(mailLanguageOf('fr')).toBe('en');
  });
});

describe('the outbox transport (SMTP_URL unset)', () => {
  const message = (overrides: Partial<OutgoingMail> = {}): OutgoingMail => ({
    outboxId: '0190a1b2c3d4-00000001-abcdef012345',
    messageId: '<0190a1b2c3d4-00000001-abcdef012345@symposia.test>',
    from: 'Symposia <no-reply@symposia.test>',
    to: 'ada@example.org',
    subject: 'Verify your email address for Symposia',
    text: `Hello ada,\n\n${LINK}\n`,
    html: `<p>Hello ada, <a href="${LINK}">verify</a></p>`,
    headers: { 'Content-Language': 'en', 'List-Unsubscribe': '<https://symposia.test/u>' },
    ...overrides,
  });

  it('writes each message as an .eml file under DATA_DIR/outbox and logs one line for it', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'symposia-mail-'));
    dirs.push(dataDir);
    const lines: string[] = [];
    const transport = createMailTransport({ smtpUrl: null }, dataDir, {
      info: (line) => lines.push(line),
    });
    expect(transport.description).toBe(`files in ${join(dataDir, 'outbox')}`);
    await transport.send(message());
    // A repeated try of the same message rewrites its file: one file, never two.
    await transport.send(message({ subject: 'Verify your email address for Symposia' }));
    const files = await readdir(join(dataDir, 'outbox'));
    expect(files).toEqual(['0190a1b2c3d4-00000001-abcdef012345.eml']);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toContain(join(dataDir, 'outbox', files[0]!));
    expect(lines[0]).toContain('SMTP_URL is unset');

    const parsed = await simpleParser(await readFile(join(dataDir, 'outbox', files[0]!)));
    expect(parsed.subject).toBe('Verify your email address for Symposia');
    expect(parsed.from?.value).toEqual([{ name: 'Symposia', address: 'no-reply@symposia.test' }]);
    expect(parsed.messageId).toBe('<0190a1b2c3d4-00000001-abcdef012345@symposia.test>');
    expect(parsed.text).toContain(LINK);
    expect(parsed.html).toContain(`href="${LINK}"`);
    // A message's own headers go out as given (a later List-Unsubscribe, RFC 8058).
    expect(parsed.headerLines.find((header) => header.key === 'list-unsubscribe')?.line).toBe(
      'List-Unsubscribe: <https://symposia.test/u>',
    );
  });

  it('a message that cannot be written fails its try', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'symposia-mail-'));
    dirs.push(dataDir);
    // The outbox folder's place is taken by a file.
    await rm(dataDir, { recursive: true });
    const { writeFile } = await import('node:fs/promises');
    await writeFile(dataDir, 'not a folder');
    const transport = outboxTransport(join(dataDir, 'outbox'), { info: () => undefined });
    await expect(transport.send(message())).rejects.toThrow();
  });
});

describe('mail settings', () => {
  it("default to the outbox folder and a From at PUBLIC_ORIGIN's host", () => {
    // Every default is in config.test.ts; here, what follows PUBLIC_ORIGIN.
    const config = loadConfig({ PUBLIC_ORIGIN: 'https://symposia.example' }, '/srv');
    expect(config.mail.smtpUrl).toBeNull();
    expect(config.mail.from).toBe('Symposia <no-reply@symposia.example>');
    expect(config.mail.publicOrigin).toBe('https://symposia.example');
    expect(loadConfig({}, '/srv').mail.from).toBe('Symposia <no-reply@localhost>');
  });

  it('take smtp:// and smtps:// URLs, never echoed, and a From with or without a name', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://mailer:s3cret@mail.example.org:465',
      SMTP_FROM: 'Research Hub <hub@example.org>',
    });
    expect(config.mail.smtpUrl).toBe('smtps://mailer:s3cret@mail.example.org:465');
    expect(config.mail.from).toBe('Research Hub <hub@example.org>');
    expect(loadConfig({ SMTP_FROM: 'hub@example.org' }).mail.from).toBe('hub@example.org');
    const description = createMailTransport(config.mail, '/srv', {
      info: () => undefined,
    }).description;
    expect(description).toBe('SMTP server mail.example.org:465');

    for (const url of ['http://mail.example.org', 'smtp://', 'mailer:s3cret@mail.example.org']) {
      let error: unknown;
      try {
        loadConfig({ SMTP_URL: url });
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(StartupError);
      expect(String(error)).toContain('SMTP_URL');
      expect(String(error)).not.toContain('s3cret');
    }
    for (const from of ['no address', 'Name <a@b', 'a@b\r\nBcc: x@y', '<a@b>']) {
      expect(() => loadConfig({ SMTP_FROM: from })).toThrow(/SMTP_FROM/);
    }
  });
});
