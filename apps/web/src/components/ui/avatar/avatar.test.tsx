import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from './avatar';

describe('Avatar', () => {
  it('shows the picture when there is one', () => {
    render(<Avatar src="/ipfs/avatar.png" name="Ada Lovelace" />);
    expect(screen.getByRole('img', { name: "Ada Lovelace's avatar" })).toHaveAttribute(
      'src',
      '/ipfs/avatar.png',
    );
  });

  it('falls back to generated initials when the picture is missing or broken', () => {
    render(<Avatar src="/broken.png" name="Ada Lovelace" />);

    fireEvent.error(screen.getByRole('img'));

    const fallback = screen.getByRole('img', { name: "Ada Lovelace's avatar" });
    expect(fallback.tagName).toBe('SPAN');
    expect(fallback).toHaveTextContent('AL');
  });

  it.each([
    ['Ada Lovelace', 'AL'],
    ['grace_hopper', 'GH'],
    ['turing', 'T'],
    ['  ', '?'],
  ])('initials of %j are %s', (name, initials) => {
    expect(initialsOf(name)).toBe(initials);
  });
});
