import { describe, expect, it } from 'vitest';
import { readEmbeddedState, serializeForScript, SSR_STATE_ELEMENT_ID } from './state';

describe('serializeForScript', () => {
  const hostile = { title: '</script><script>alert(1)</script>', note: '<!-- a & b > c \u2028' };

  it('leaves no character that could end or change the script element', () => {
    const text = serializeForScript(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
  });

  it('reads back to the same value from a document', () => {
    document.body.innerHTML = `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">${serializeForScript(hostile)}</script>`;
    expect(readEmbeddedState(document)).toEqual(hostile);
  });

  it('reads nothing from a page without state or with broken state', () => {
    document.body.innerHTML = '';
    expect(readEmbeddedState(document)).toBeNull();
    document.body.innerHTML = `<script type="application/json" id="${SSR_STATE_ELEMENT_ID}">{</script>`;
    expect(readEmbeddedState(document)).toBeNull();
  });
});
