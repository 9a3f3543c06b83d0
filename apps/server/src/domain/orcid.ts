/**
 * A member's ORCID iD as the answers show it (issue 30): the iD and the address of its public
 * record, under the issuer the iD was proved with (OIDC_ISSUER: https://orcid.org, or ORCID's
 * sandbox), as ORCID asks iDs to be shown.
 */
export function orcidFieldsOf(
  orcid: string | null,
  recordBase: string,
): { orcid: string | null; orcid_url: string | null } {
  return { orcid, orcid_url: orcid === null ? null : orcidRecordUrl(orcid, recordBase) };
}

/** `https://orcid.org/0000-0002-1825-0097` from the iD and the record base (no trailing slash). */
export const orcidRecordUrl = (orcid: string, recordBase: string) =>
  `${recordBase.replace(/\/+$/, '')}/${orcid}`;
