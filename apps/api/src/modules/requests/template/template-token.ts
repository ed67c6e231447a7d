import { type SignedLinkCheck, signedLinkKind } from '../../../lib/signed-links.ts';

/**
 * Links to a request's prefilled template: a 5-minute token signed with a key derived from TOKEN_SIGNING_KEY under
 * its own label (never an access token's or an export's key). It names the organization that asked for it and the
 * request; the route checks again that the request is still that organization's (customer or supplier).
 */

export const TEMPLATE_LINK_TTL_SECONDS = 5 * 60;
export const TEMPLATE_PATH_PREFIX = '/request-templates/';

export type TemplateClaims = { organizationId: string; calendarTaskId: string };

const links = signedLinkKind<TemplateClaims>({
  label: 'tidewise/request-templates/v1',
  audience: 'tidewise-request-template',
  claim: 'template',
  ttlSeconds: TEMPLATE_LINK_TTL_SECONDS,
  isClaims: (value): value is TemplateClaims => {
    const claims = value as Partial<TemplateClaims> | null | undefined;
    return typeof claims?.organizationId === 'string' && typeof claims.calendarTaskId === 'string';
  },
});

export const signTemplateToken = links.sign;

export type TemplateTokenCheck = SignedLinkCheck<TemplateClaims>;

export const verifyTemplateToken = links.verify;

/** The name the template downloads under: the request's title, then "-template.xlsx". */
export const templateFileName = (title: string, category: string): string => {
  const base =
    title
      .replace(/[^\p{L}\p{N} ._-]+/gu, '')
      .trim()
      .replace(/\s+/g, '-')
      .slice(0, 80) || category;
  return `${base}-template.xlsx`;
};
