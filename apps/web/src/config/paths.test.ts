import { describe, expect, it } from 'vitest';
import { OIDC_WEB_PATH } from '@symposia/shared';
import { paths } from './paths';

describe('paths', () => {
  it('has the ORCID page where the server sends the browser back', () => {
    expect(paths.orcid.path).toBe(OIDC_WEB_PATH);
    expect(paths.orcid.href()).toBe(OIDC_WEB_PATH);
  });
});
