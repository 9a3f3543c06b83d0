import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  EARLY_CLICK_ATTRIBUTE,
  EARLY_INPUT_SCRIPT,
  NONEMPTY_FIELD_ATTRIBUTE,
} from '@symposia/shared';
import { replayEarlyPresses, takeEarlyPresses, type EarlyPress } from './early-input';

/** Runs the inline script of a server-rendered page, as the browser does in its head. */
function runInlineScript() {
  new Function(EARLY_INPUT_SCRIPT)();
}

/** Marks an element as React marks those it has hydrated. */
function hydrate(element: Element) {
  Object.assign(element, { __reactProps$test: {} });
}

/**
 * Clicks `element` and says whether the script prevented what the click would do (then prevents
 * it anyway: jsdom cannot follow a link or submit a form).
 */
function click(element: Element): boolean {
  let prevented = false;
  const look = (event: Event) => {
    prevented = event.defaultPrevented;
    event.preventDefault();
  };
  document.addEventListener('click', look);
  element.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  document.removeEventListener('click', look);
  return prevented;
}

afterEach(() => {
  takeEarlyPresses();
  document.body.innerHTML = '';
  vi.restoreAllMocks();
});

describe('the inline script before hydration', () => {
  it('keeps a button pressed once, marked, and prevents what it would do', () => {
    document.body.innerHTML = `<form><button id="like" aria-pressed="false"><span>♥</span></button></form>`;
    runInlineScript();
    const like = document.getElementById('like')!;

    expect(click(like.querySelector('span')!)).toBe(true);
    expect(click(like)).toBe(true);
    expect(like).toHaveAttribute(EARLY_CLICK_ATTRIBUTE);

    const presses = takeEarlyPresses();
    expect(presses).toEqual([{ element: like, pressed: 'false' }]);
    // Taken: from now on React hears the clicks, and the script keeps none.
    expect(click(like)).toBe(false);
    expect(takeEarlyPresses()).toEqual([]);
  });

  it('leaves links, GET forms with an action and disabled buttons to the browser', () => {
    document.body.innerHTML = `
      <a id="link" href="/forum">Forum</a>
      <form action="/forum" method="get"><button id="sort" name="sort" value="likes_desc">Hot</button></form>
      <button id="off" type="button" disabled>Off</button>`;
    runInlineScript();
    expect(click(document.getElementById('link')!)).toBe(false);
    expect(click(document.getElementById('sort')!)).toBe(false);
    document.getElementById('off')!.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    expect(takeEarlyPresses()).toEqual([]);
  });

  it('stops a GET form whose required field holds only spaces, and lets it go once filled', () => {
    document.body.innerHTML = `
      <form id="search" action="/forum" method="get" ${NONEMPTY_FIELD_ATTRIBUTE}="search">
        <input name="search" value="  " />
      </form>
      <form id="plain" action="/forum" method="get"><input name="search" value="" /></form>`;
    runInlineScript();
    const submitted = (id: string) => {
      const event = new Event('submit', { bubbles: true, cancelable: true });
      document.getElementById(id)!.dispatchEvent(event);
      return !event.defaultPrevented;
    };
    expect(submitted('search')).toBe(false);
    document.querySelector<HTMLInputElement>('#search input')!.value = ' crystal ';
    expect(submitted('search')).toBe(true);
    // A GET form that names no such field goes as the browser sends it, empty or not.
    expect(submitted('plain')).toBe(true);
    expect(takeEarlyPresses()).toEqual([]);
  });

  it('keeps a form without an action submitted, for the app', () => {
    document.body.innerHTML = `<form id="comment"><input name="text" /></form>`;
    runInlineScript();
    const form = document.getElementById('comment')!;
    const event = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(true);
    expect(takeEarlyPresses()).toEqual([{ element: form, pressed: null }]);
  });

  it("opens a card's address in a new tab, by click or Enter, but not from a link inside it", () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    document.body.innerHTML = `
      <article id="card" tabindex="0" data-new-tab-href="/forum/detail/p1?from=%2Fforum">
        <h3 id="title">A post</h3><a id="tag" href="/forum?tag=physics">#physics</a>
      </article>`;
    runInlineScript();
    click(document.getElementById('title')!);
    expect(open).toHaveBeenCalledWith('/forum/detail/p1?from=%2Fforum', '_blank', 'noopener');

    document
      .getElementById('card')!
      .dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    expect(open).toHaveBeenCalledTimes(2);

    expect(click(document.getElementById('tag')!)).toBe(false);
    expect(open).toHaveBeenCalledTimes(2);
    expect(takeEarlyPresses()).toEqual([]);
  });
});

describe('replayEarlyPresses after hydration', () => {
  it('clicks each kept button once, once hydrated and ready, and unmarks it', async () => {
    document.body.innerHTML = `<button id="a">A</button><button id="b">B</button>`;
    const [a, b] = ['a', 'b'].map((id) => document.getElementById(id)!);
    const clicks: string[] = [];
    a!.addEventListener('click', () => clicks.push('a'));
    b!.addEventListener('click', () => clicks.push('b'));
    a!.setAttribute(EARLY_CLICK_ATTRIBUTE, '');
    let ready!: () => void;
    const replayed = replayEarlyPresses(
      [
        { element: a!, pressed: null },
        { element: b!, pressed: null },
      ],
      new Promise<void>((resolve) => (ready = resolve)),
    );
    hydrate(a!);
    await new Promise((resolve) => setTimeout(resolve, 120));
    // Not ready yet (the member's own view is loading): nothing pressed.
    expect(clicks).toEqual([]);
    ready();
    // b hydrates later: a is pressed first, then b once it is hydrated.
    setTimeout(() => hydrate(b!), 100);
    await replayed;
    expect(clicks).toEqual(['a', 'b']);
    expect(a).not.toHaveAttribute(EARLY_CLICK_ATTRIBUTE);
  });

  it('leaves a toggle that already shows what the press asked for, and a button gone', async () => {
    document.body.innerHTML = `<button id="like" aria-pressed="true">♥</button>`;
    const like = document.getElementById('like')!;
    const gone = document.createElement('button');
    const onClick = vi.fn();
    like.addEventListener('click', onClick);
    gone.addEventListener('click', onClick);
    hydrate(like);
    const presses: EarlyPress[] = [
      // Pressed while it showed "not liked"; the member's view says they like it already.
      { element: like, pressed: 'false' },
      { element: gone, pressed: null },
    ];
    await replayEarlyPresses(presses);
    expect(onClick).not.toHaveBeenCalled();
  });
});
