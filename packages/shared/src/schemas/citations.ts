import { z } from 'zod';
import { DOI_MAX_LENGTH } from '../limits.js';
import { MESSAGES } from '../messages.js';
import { oneOfValues } from './common.js';

/**
 * A DOI as a person pastes it: `10.1000/xyz`, `doi:10.1000/xyz` or a resolver link such as
 * `https://doi.org/10.1000/xyz`. The resolver or `doi:` prefix is dropped, so what is stored and
 * sent is always the bare `10.NNNN/suffix`: the `10.` directory, a registrant code of 4 to 9
 * digits, a slash, then a suffix of printable characters (the DOI Handbook allows any, `#`, `%`,
 * `<`, `{`… included). Whitespace (line breaks included), control and format characters (such
 * as a zero-width space) and lone surrogates are refused: no registered DOI holds one, and they
 * would hide in a link or break a citation's line. Whatever else the suffix holds is escaped
 * where a format reads it specially (BibTeX: services/citations/citation-formats.ts; links:
 * percent-encoded by the web app).
 */
const DOI_PATTERN = /^10\.\d{4,9}\/[^\s\p{Cc}\p{Cf}\p{Cs}]+$/u;
const DOI_PREFIX = /^(?:doi:\s*|https?:\/\/(?:dx\.)?doi\.org\/)/i;
const RESOLVER_PREFIX_ROOM = 'https://dx.doi.org/'.length;

export const doiSchema = z
  .string({ message: MESSAGES.invalidDoi })
  .trim()
  // Bounded before the prefix is dropped too, with room for the longest resolver prefix.
  .max(DOI_MAX_LENGTH + RESOLVER_PREFIX_ROOM, {
    message: MESSAGES.maxLength(DOI_MAX_LENGTH),
  })
  .transform((value) => value.replace(DOI_PREFIX, ''))
  .pipe(
    z
      .string()
      .max(DOI_MAX_LENGTH, { message: MESSAGES.maxLength(DOI_MAX_LENGTH) })
      .regex(DOI_PATTERN, { message: MESSAGES.invalidDoi }),
  );
export type Doi = z.infer<typeof doiSchema>;

/** Upload form field: empty means "no DOI". */
export const optionalDoiSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
  doiSchema.optional(),
);

/** An edit: `null` or an empty string removes the DOI, a DOI sets it. */
export const nullableDoiSchema = z.preprocess(
  (value) => (typeof value === 'string' && value.trim() === '' ? null : value),
  doiSchema.nullable(),
);

/** Formats of GET /media/{id}/cite, each answered with its registered content type. */
export const CITATION_FORMATS = ['bibtex', 'ris', 'csl'] as const;
export const citationFormatSchema = oneOfValues(CITATION_FORMATS);
export type CitationFormat = z.infer<typeof citationFormatSchema>;

export const CITATION_CONTENT_TYPES: Record<CitationFormat, string> = {
  bibtex: 'application/x-bibtex; charset=utf-8',
  ris: 'application/x-research-info-systems; charset=utf-8',
  csl: 'application/vnd.citationstyles.csl+json; charset=utf-8',
};

/** Where a cited post lives on the web app; the citation's URL is the site's origin plus this. */
export const postWebPath = (id: string) => `/forum/detail/${encodeURIComponent(id)}`;

/** GET /media/{id}/cite query: `format` defaults to BibTeX. */
export const citationQuerySchema = z.object({
  format: z.preprocess(
    (value) => (value === '' ? undefined : value),
    citationFormatSchema.default('bibtex'),
  ),
});
export type CitationQuery = z.infer<typeof citationQuerySchema>;

/** The answer: the citation as text in the asked format (CSL-JSON is a JSON array as text). */
export const citationTextSchema = z.string();

/** The CSL-JSON answer as a client reads it once parsed as JSON: an array of CSL items. */
export const cslItemsSchema = z.array(z.record(z.string(), z.unknown()));
