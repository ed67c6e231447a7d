import { UAParser } from 'ua-parser-js';

export type ParsedUserAgent = { browser: string | null; os: string | null };

const join = (name?: string, version?: string) => (name ? [name, version].filter(Boolean).join(' ') : null);

/** Browser and operating system, e.g. `Chrome 126.0.0.0` and `Windows 10`, for sign-in logs. */
export const parseUserAgent = (userAgent: string | null): ParsedUserAgent => {
  if (!userAgent) return { browser: null, os: null };
  const result = new UAParser(userAgent).getResult();
  return { browser: join(result.browser.name, result.browser.version), os: join(result.os.name, result.os.version) };
};
