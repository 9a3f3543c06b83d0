// citation-js ships no type declarations; these cover the part services/citations/ uses.
declare module '@citation-js/core' {
  /** A CSL-JSON item (https://citeproc-js.readthedocs.io/en/latest/csl-json/markup.html). */
  export type CslItem = Record<string, unknown>;

  export interface CiteOptions {
    /** Skip type sniffing: the input is taken as exactly this kind (no network lookup ever). */
    forceType?: string;
    generateGraph?: boolean;
  }

  export class Cite {
    constructor(data: unknown, options?: CiteOptions);
    data: CslItem[];
    format(format: string, options?: Record<string, unknown>): unknown;
  }

  export const plugins: {
    config: { get(name: string): unknown };
  };
}

declare module '@citation-js/plugin-bibtex';
declare module '@citation-js/plugin-ris';
