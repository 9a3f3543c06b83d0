/**
 * The shape a translation must have: every key of the English catalogue, each a string (lists
 * stay lists). Plural forms that Chinese does not have (`_one`) may be left out. The type checker
 * refuses a Chinese catalogue that misses a key or adds one.
 */
export type Translation<T> = T extends string
  ? string
  : T extends readonly (infer Item)[]
    ? readonly Translation<Item>[]
    : { [K in keyof T as K extends `${string}_one` ? never : K]: Translation<T[K]> };
