/**
 * Discussion topics from the key phrases: questions from fixed templates, filled by rank (the
 * best phrase in the first question, the next ones after it), so the same phrases always give
 * the same questions.
 */

type Template = (a: string, b?: string) => string;

const TEMPLATES: { pair: boolean; make: Template }[] = [
  {
    pair: false,
    make: (a) => `What are the main limitations of ${a}, and how could they be addressed?`,
  },
  { pair: true, make: (a, b) => `How could ${a} inform further work on ${b}?` },
  { pair: false, make: (a) => `How does ${a} compare with established alternatives?` },
  { pair: true, make: (a, b) => `What evidence connects ${a} and ${b}, and how strong is it?` },
  { pair: false, make: (a) => `Which open questions about ${a} deserve further study?` },
];

/** 2–5 questions (none without phrases): one more than there are phrases, at most five. */
export function discussionTopics(phrases: string[]): string[] {
  if (phrases.length === 0) return [];
  const count = Math.min(TEMPLATES.length, Math.max(2, phrases.length + 1));
  const topics: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const template = TEMPLATES[index] as (typeof TEMPLATES)[number];
    const a = phrases[index % phrases.length] as string;
    const b = phrases[(index + 1) % phrases.length] as string;
    if (template.pair && a !== b) topics.push(template.make(a, b));
    else if (template.pair) topics.push(`Which open questions about ${a} deserve further study?`);
    else topics.push(template.make(a));
  }
  return [...new Set(topics)];
}
