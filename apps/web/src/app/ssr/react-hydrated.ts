/**
 * Whether React has hydrated this element of the server's HTML: it marks the elements it has
 * hydrated with its props (a key of its own per root).
 */
export const isHydrated = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith('__reactProps$'));
