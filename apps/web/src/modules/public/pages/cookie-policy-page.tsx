import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { PolicyPage } from '../components/policy-page.tsx';
import { COOKIE_POLICY, COOKIE_POLICY_UPDATED } from '../data/cookie-policy.ts';

export const CookiePolicyPage = () => {
  usePageMeta({
    title: 'Cookie Policy',
    description:
      'Tidewise uses no tracking or advertising cookies. This policy lists the strictly necessary browser storage the website and platform use.',
  });
  return (
    <PolicyPage
      title="Cookie Policy"
      lead="What Tidewise stores in your browser, and why. Open any section to read it."
      updated={COOKIE_POLICY_UPDATED}
      sections={COOKIE_POLICY}
      idPrefix="cookie"
      footer={
        <p>
          How we handle personal data in general is described in our{' '}
          <Link to="/privacy-policy" className="font-semibold text-primary underline underline-offset-4">
            Privacy Policy
          </Link>
          .
        </p>
      }
    />
  );
};
