/**
 * The `translate` attribute of an element that shows a member's text: "no" (user content is never
 * translated, and a Chinese page may hold it in any language), but nothing when the text is empty
 * and the interface shows its own stand-in instead ('Untitled post', 'Anonymous').
 */
export const userText = (text: string): 'no' | undefined => (text.trim() ? 'no' : undefined);
