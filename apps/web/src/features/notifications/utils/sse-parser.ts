/** One Server-Sent Event: its type (`message` when the frame names none) and its data lines. */
export type SseEvent = { event: string; data: string };

/**
 * Reads a `text/event-stream` body as it arrives, by the rules of the HTML standard's event-stream
 * interpretation: lines end in CR, LF or CRLF (possibly split across chunks); a blank line ends a
 * frame; `:` starts a comment (the server's heartbeat); `data:` lines join with a newline; one
 * space after the colon is dropped; a frame without data dispatches nothing. `push` takes the next
 * decoded chunk and returns the events it completed.
 */
export function createSseParser() {
  let buffer = '';
  let eventType = '';
  let dataLines: string[] = [];
  // A chunk ending in CR may be the first half of a CRLF: the LF that follows ends no new line.
  let skipLeadingLf = false;

  const field = (line: string, events: SseEvent[]) => {
    if (line === '') {
      if (dataLines.length > 0)
        events.push({ event: eventType || 'message', data: dataLines.join('\n') });
      eventType = '';
      dataLines = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const name = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (name === 'event') eventType = value;
    else if (name === 'data') dataLines.push(value);
    // `id` and `retry` steer EventSource's own reconnection, which this reader does itself.
  };

  return {
    push(chunk: string): SseEvent[] {
      const events: SseEvent[] = [];
      let text = chunk;
      if (skipLeadingLf && text.startsWith('\n')) text = text.slice(1);
      skipLeadingLf = false;
      buffer += text;
      let start = 0;
      for (let index = 0; index < buffer.length; index += 1) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        field(buffer.slice(start, index), events);
        if (char === '\r') {
          if (index + 1 === buffer.length) skipLeadingLf = true;
          else if (buffer[index + 1] === '\n') index += 1;
        }
        start = index + 1;
      }
      buffer = buffer.slice(start);
      return events;
    },
  };
}

/** The count of a `count` event (`{"count": n}`), or null when the data is not one. */
export function countOf(data: string): number | null {
  try {
    const value = JSON.parse(data) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const count = (value as { count?: unknown }).count;
    return typeof count === 'number' && Number.isInteger(count) && count >= 0 ? count : null;
  } catch {
    return null;
  }
}

/** The post id of a `post-published` event (`{"id": "…"}`), or null when the data is not one. */
export function publishedPostIdOf(data: string): string | null {
  try {
    const value = JSON.parse(data) as unknown;
    if (typeof value !== 'object' || value === null) return null;
    const id = (value as { id?: unknown }).id;
    return typeof id === 'string' && id !== '' ? id : null;
  } catch {
    return null;
  }
}
