import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, POST_FIELD_MAX_LENGTH, uploadFieldsSchema } from '@symposia/shared';
import type { FieldError } from '@/lib/api-client';
import { changeLanguage } from '@/lib/i18n';
import { zhCN } from '@/locales/zh-CN';
import { EMPTY_POST_FIELDS, postFieldErrorsOf, schemaProblemsOf } from './field-errors';
import { PostFields } from './post-fields';
import { usePostFields } from './use-post-fields';

/** The fields as a form holds them; `show` hands the test a way to report problems. */
function Form({
  titleRequired,
  show,
}: {
  titleRequired?: boolean;
  show?: (report: (problems: FieldError[]) => void) => void;
}) {
  const fields = usePostFields(EMPTY_POST_FIELDS);
  show?.(fields.showProblems);
  return (
    <PostFields
      titleRequired={titleRequired}
      values={fields.values}
      errors={fields.errors}
      onChange={fields.change}
    />
  );
}

const USES = [
  { use: 'upload', titleRequired: false },
  { use: 'edit', titleRequired: true },
] as const;

describe.each(USES)('PostFields ($use)', ({ titleRequired }) => {
  it('has the same fields either way; only an edit requires the title', () => {
    render(<Form titleRequired={titleRequired} />);
    for (const name of [/^Title/, /^Summary/, /^Content/, /^Tags/, /^DOI/, /^AI instruction/]) {
      expect(screen.getByRole('textbox', { name })).toBeVisible();
    }
    expect(screen.getByRole('radio', { name: /Public/ })).toBeChecked();
    expect(screen.getByRole('button', { name: 'Preview' })).toBeVisible();
    const title = screen.getByRole('textbox', { name: /^Title/ });
    if (titleRequired) expect(title).toBeRequired();
    else expect(title).toHaveAccessibleName('Title (optional)');
  });

  it('checks a DOI once the field is left, and clears the message once it is fixed', async () => {
    const user = userEvent.setup();
    render(<Form titleRequired={titleRequired} />);
    const doi = screen.getByRole('textbox', { name: /^DOI/ });
    await user.type(doi, 'doi:10.1/x');
    expect(doi).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(doi).toHaveAttribute('aria-invalid', 'true');
    expect(doi).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.invalidDoi));
    await user.clear(doi);
    await user.type(doi, 'doi:10.1000/x');
    expect(doi).not.toHaveAttribute('aria-invalid');
  });

  it("shows a 422's problems under their fields, in the reader's language, until changed", async () => {
    await changeLanguage('zh-CN');
    const user = userEvent.setup();
    let report: (problems: FieldError[]) => void = () => {};
    render(<Form titleRequired={titleRequired} show={(r) => (report = r)} />);
    const max = String(POST_FIELD_MAX_LENGTH.summary);
    act(() =>
      report([
        // The upload takes the summary under its older name too.
        {
          field: 'description',
          message: MESSAGES.maxLength(Number(max)),
          code: 'maxLength',
          values: { max },
        },
        { field: 'files', message: 'not a field of the form' },
      ]),
    );
    const summary = screen.getByRole('textbox', { name: /^摘要/ });
    expect(summary).toHaveAttribute('aria-invalid', 'true');
    expect(summary).toHaveAccessibleDescription(zhCN.messages.maxLength.replace('{{max}}', max));
    expect(screen.queryByText('not a field of the form')).not.toBeInTheDocument();

    await user.type(summary, 'x');
    expect(summary).not.toHaveAttribute('aria-invalid');
  });
});

describe('post field problems', () => {
  it("reads a shared schema's issues by their field, the first of each", () => {
    const checked = uploadFieldsSchema.safeParse({
      ...EMPTY_POST_FIELDS,
      title: 'x'.repeat(POST_FIELD_MAX_LENGTH.title + 1),
      doi: 'nope',
    });
    expect(checked.success).toBe(false);
    const errors = postFieldErrorsOf(schemaProblemsOf(checked.error!));
    expect(errors.title?.message).toBe(MESSAGES.maxLength(POST_FIELD_MAX_LENGTH.title));
    expect(errors.doi?.message).toBe(MESSAGES.invalidDoi);
    expect(Object.keys(errors).sort()).toEqual(['doi', 'title']);
  });
});
