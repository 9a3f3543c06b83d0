import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES, REPORT_NOTE_MAX_LENGTH } from '@symposia/shared';
import { ToastHost } from '@/components/ui/toast/toast';
import { authStore } from '@/lib/auth-store';
import { changeLanguage } from '@/lib/i18n';
import { jsonResponse, routeFetch, type RecordedRequest } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { ReportButton } from './report-button';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

function renderButton(answer: Handler, authorId = 'author-1') {
  const handlers = routeFetch({ 'POST /reports': answer });
  renderWithProviders(
    <>
      <ReportButton targetType="comment" targetId="c-1" authorId={authorId} name="alice" />
      <ToastHost />
    </>,
  );
  return handlers;
}

const signIn = (id = 'me') => authStore.signIn('token-1', makeCurrentUser({ id, username: id }));

async function openDialog() {
  await userEvent.click(screen.getByRole('button', { name: 'Report the comment by alice' }));
  return screen.findByRole('dialog', { name: 'Report this comment' });
}

describe('ReportButton', () => {
  it('is offered to signed-in members, not to visitors or the author', () => {
    renderButton(() => jsonResponse({}));
    expect(screen.queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
    act(() => signIn('author-1'));
    expect(screen.queryByRole('button', { name: /^Report/ })).not.toBeInTheDocument();
    act(() => signIn('someone'));
    expect(screen.getByRole('button', { name: /^Report/ })).toBeVisible();
  });

  it('asks for a reason, counts the note, sends the report and thanks', async () => {
    signIn();
    const { requests } = renderButton(() => jsonResponse({ id: 'r-1', status: 'open' }, 201));
    const dialog = await openDialog();
    const radios = within(dialog).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual([
      'spam',
      'abuse',
      'off_topic',
      'plagiarism',
      'other',
    ]);
    // The dialog takes the focus in an effect after it shows: waited for, not assumed.
    await waitFor(() => expect(radios[0]).toHaveFocus());

    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(within(dialog).getByText('Choose a reason')).toBeVisible();
    expect(requests).toHaveLength(0);

    await userEvent.click(within(dialog).getByRole('radio', { name: /^Off topic/ }));
    const note = within(dialog).getByRole('textbox', { name: /^Note for the moderators/ });
    expect(note).toHaveAttribute('maxlength', String(REPORT_NOTE_MAX_LENGTH));
    await userEvent.type(note, 'Not research');
    expect(within(dialog).getByText(`12 / ${REPORT_NOTE_MAX_LENGTH} characters`)).toBeVisible();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));

    expect(await screen.findByText(MESSAGES.reportSent)).toBeVisible();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(JSON.parse(String(requests[0]!.body))).toEqual({
      target_type: 'comment',
      target_id: 'c-1',
      reason: 'off_topic',
      note: 'Not research',
    });
    expect(requests[0]!.headers.get('Content-Type')).toBe('application/json');
  });

  it.each([
    [409, MESSAGES.reportAlreadyOpen],
    [404, MESSAGES.reportTargetNotFound],
    [429, MESSAGES.tooManyReports],
    [422, MESSAGES.reportOwnContent],
  ])('a %i answer is said in the dialog, which stays open', async (status, message) => {
    signIn();
    renderButton(() => jsonResponse({ detail: message }, status));
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Spam/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(message));
    expect(screen.getByRole('dialog', { name: 'Report this comment' })).toBeVisible();
  });
});

describe('ReportButton in Chinese', () => {
  it('names what is reported from its name, marked as user content, and offers the reasons', async () => {
    await changeLanguage('zh-CN');
    signIn();
    routeFetch({});
    renderWithProviders(
      <ReportButton targetType="post" targetId="p-1" authorId="author-1" name="Surface codes" />,
    );
    const button = screen.getByRole('button', {
      // jsdom knows no inline layout: its accessible name puts spaces around the inner span.
      name: /^举报 帖子“\s?Surface codes\s?”$/,
    });
    expect(within(button).getByText('Surface codes')).toHaveAttribute('translate', 'no');

    await userEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: '举报此帖子' });
    expect(dialog).toHaveTextContent('你正在举报帖子“Surface codes”。');
    expect(within(dialog).getByRole('radio', { name: /^抄袭/ })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: '提交举报' }));
    expect(within(dialog).getByText('请选择举报原因')).toBeVisible();
  });
});
