import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, POST_FIELD_MAX_LENGTH, type PostDetail } from '@symposia/shared';
import { authStore } from '@/lib/auth-store';
import { changeLanguage } from '@/lib/i18n';
import { zhCN } from '@/locales/zh-CN';
import { jsonResponse, routeFetch, type RecordedRequest } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { makePostDetail } from '../testing/fixtures';
import { PostEditDialog } from './post-edit-dialog';

type Handler = (request: RecordedRequest) => Response | Promise<Response>;

/** The dialog on its own, as the author's Edit opens it, against a server that answers `patch`. */
function renderDialog(post: PostDetail, patch: Handler = () => jsonResponse(post)) {
  authStore.signIn('token-1', makeCurrentUser({ id: post['author id'] }));
  const { requests } = routeFetch({ [`PATCH /media/${post.id}`]: patch });
  const onClose = vi.fn();
  renderWithProviders(<PostEditDialog post={post} onClose={onClose} />);
  const dialog = screen.getByRole('dialog');
  return { dialog, requests, onClose };
}

const patches = (requests: RecordedRequest[]) =>
  requests.filter((request) => request.method === 'PATCH');
const bodyOf = (request: RecordedRequest) => JSON.parse(String(request.body)) as unknown;

describe('PostEditDialog: the same fields and checks as the upload form', () => {
  it('checks the DOI as soon as the field is left, before Save', async () => {
    const { dialog, requests } = renderDialog(makePostDetail({ doi: null }));
    const doi = within(dialog).getByRole('textbox', { name: /^DOI/ });
    await userEvent.type(doi, '10.12/too-short');
    expect(doi).not.toHaveAttribute('aria-invalid');
    await userEvent.tab();

    expect(doi).toHaveAttribute('aria-invalid', 'true');
    expect(doi).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.invalidDoi));
    // Fixed, the message goes at once.
    await userEvent.clear(doi);
    await userEvent.type(doi, '10.1038/nphys1170');
    expect(doi).not.toHaveAttribute('aria-invalid');
    expect(patches(requests)).toHaveLength(0);
  });

  it("offers the AI instruction, starting with the post's, and sends it when changed", async () => {
    const { dialog, requests } = renderDialog(
      makePostDetail({ ai_instruction: 'Focus on the method' }),
    );
    const instruction = within(dialog).getByRole('textbox', { name: /^AI instruction/ });
    expect(instruction).toHaveValue('Focus on the method');
    expect(instruction).toHaveAttribute('maxLength', String(POST_FIELD_MAX_LENGTH.aiInstruction));

    await userEvent.clear(instruction);
    await userEvent.type(instruction, 'Focus on the data');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(patches(requests)).toHaveLength(1));
    expect(bodyOf(patches(requests)[0]!)).toEqual({ ai_instruction: 'Focus on the data' });
  });

  it("shows the server's 422 under the field it names, in the reader's language", async () => {
    await changeLanguage('zh-CN');
    const message = MESSAGES.maxLength(POST_FIELD_MAX_LENGTH.tags);
    const { dialog } = renderDialog(makePostDetail({ tags: ['physics'] }), () =>
      jsonResponse(
        {
          detail: `tags: ${message}`,
          errors: [
            {
              field: 'tags',
              message,
              code: 'maxLength',
              values: { max: String(POST_FIELD_MAX_LENGTH.tags) },
            },
          ],
        },
        422,
      ),
    );
    const tags = within(dialog).getByRole('textbox', { name: /^标签/ });
    await userEvent.type(tags, ', quantum');
    await userEvent.click(within(dialog).getByRole('button', { name: zhCN.posts.edit.save }));

    const translated = zhCN.messages.maxLength.replace(
      '{{max}}',
      String(POST_FIELD_MAX_LENGTH.tags),
    );
    await waitFor(() =>
      expect(tags).toHaveAccessibleDescription(expect.stringContaining(translated)),
    );
    expect(tags).toHaveAttribute('aria-invalid', 'true');
    expect(tags).toHaveValue('physics, quantum');
  });
});
