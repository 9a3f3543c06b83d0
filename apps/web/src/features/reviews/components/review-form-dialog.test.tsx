import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { authStore } from '@/lib/auth-store';
import { jsonResponse } from '@/testing/fetch-mock';
import { makeCurrentUser } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { makePostReviews, makeReview, reviewRoutes } from '../testing/fixtures';
import { ReviewsSection } from './reviews-section';

const bodyOf = (body: unknown) => JSON.parse(String(body)) as Record<string, unknown>;

async function openForm() {
  await userEvent.click(await screen.findByRole('button', { name: 'Write a review' }));
  const dialog = await screen.findByRole('dialog', { name: 'Write a review' });
  // The dialog moves the focus into itself once open: a key pressed before would follow it.
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement));
  return dialog;
}

/** Picks every score and the recommendation with the keyboard alone. */
async function scoreByKeyboard(dialog: HTMLElement) {
  for (const name of ['Soundness', 'Significance', 'Clarity', 'Reproducibility', 'Confidence']) {
    const group = within(dialog).getByRole('group', { name: new RegExp(`^${name}`) });
    within(group).getByRole('radio', { name: '3' }).focus();
    await userEvent.keyboard(' ');
    // The arrow key moves from the option chosen: wait for the choice to show first, as a person
    // would see it (under load the key could otherwise land before it, and move from nothing).
    await waitFor(() => expect(within(group).getByRole('radio', { name: '3' })).toBeChecked());
    // The arrow keys move through a group's options.
    await userEvent.keyboard('{ArrowRight}');
    await waitFor(() => expect(within(group).getByRole('radio', { name: '4' })).toBeChecked());
  }
  await userEvent.click(within(dialog).getByRole('radio', { name: /^Valid/ }));
}

describe('Write a review', () => {
  it('sends the rubric and texts, previews Markdown, and the review appears', async () => {
    authStore.signIn('token-1', makeCurrentUser({ id: 'me', username: 'me' }));
    let answered = makePostReviews([]);
    const { requests } = reviewRoutes('post-1', () => answered, {
      'POST /media/post-1/reviews': (request) => {
        const review = makeReview({ is_mine: true, summary: String(bodyOf(request.body).summary) });
        answered = makePostReviews([review]);
        return jsonResponse(review, 201);
      },
    });
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    const dialog = await openForm();
    await scoreByKeyboard(dialog);
    await userEvent.type(within(dialog).getByLabelText('Summary'), 'Holds for **all** n');
    await userEvent.type(within(dialog).getByLabelText('Strengths'), 'Short');
    await userEvent.type(within(dialog).getByLabelText('Weaknesses'), 'None');

    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));
    // The Markdown renderer loads on first use.
    await waitFor(() =>
      expect(within(dialog).getByRole('region', { name: /Summary/ })).toHaveTextContent(
        'Holds for all n',
      ),
    );
    await userEvent.click(within(dialog).getByRole('button', { name: 'Preview' }));

    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish review' }));
    expect(await screen.findByRole('article', { name: /Review by/ })).toHaveTextContent(
      'Holds for',
    );
    expect(screen.queryByRole('dialog')).toBeNull();
    const sent = bodyOf(requests.find((r) => r.method === 'POST')!.body);
    expect(sent).toMatchObject({
      soundness: 4,
      significance: 4,
      clarity: 4,
      reproducibility: 4,
      confidence: 4,
      recommendation: 'valid',
      summary: 'Holds for **all** n',
      anonymous: false,
    });
    // The reader has reviewed the current revision: no second review.
    expect(screen.queryByRole('button', { name: 'Write a review' })).toBeNull();
  });

  it('names an unchosen score under its group without asking the server', async () => {
    authStore.signIn('token-1', makeCurrentUser({ id: 'me', username: 'me' }));
    const { requests } = reviewRoutes('post-1', () => makePostReviews([]));
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    const dialog = await openForm();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish review' }));
    const group = within(dialog).getByRole('group', { name: /^Soundness/ });
    expect(group).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((r) => r.method === 'POST')).toHaveLength(0);
  });

  it("shows the server's 422 under the field it names and keeps the text", async () => {
    authStore.signIn('token-1', makeCurrentUser({ id: 'me', username: 'me' }));
    reviewRoutes('post-1', () => makePostReviews([]), {
      'POST /media/post-1/reviews': () =>
        jsonResponse(
          {
            detail: 'weaknesses: Say what does not hold',
            errors: [{ field: 'weaknesses', message: 'Say what does not hold' }],
          },
          422,
        ),
    });
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    const dialog = await openForm();
    await scoreByKeyboard(dialog);
    await userEvent.type(within(dialog).getByLabelText('Summary'), 'Fine');
    await userEvent.type(within(dialog).getByLabelText('Strengths'), 'Short');
    await userEvent.type(within(dialog).getByLabelText('Weaknesses'), 'x');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Publish review' }));
    const weaknesses = within(dialog).getByLabelText('Weaknesses');
    expect(await within(dialog).findByText('Say what does not hold')).toBeVisible();
    expect(weaknesses).toHaveAttribute('aria-invalid', 'true');
    expect(within(dialog).getByLabelText('Summary')).toHaveValue('Fine');
  });

  it('Escape closes the form', async () => {
    authStore.signIn('token-1', makeCurrentUser({ id: 'me', username: 'me' }));
    reviewRoutes('post-1', () => makePostReviews([]));
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    await openForm();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('asks a guest to sign in first', async () => {
    reviewRoutes('post-1', () => makePostReviews([]));
    renderWithProviders(<ReviewsSection postId="post-1" authorId="author" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Write a review' }));
    expect(authStore.getState().loginPrompt).toEqual({ message: 'Please login to write a review' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
