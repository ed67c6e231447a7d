import { Link } from 'react-router';
import { usePageMeta } from '../../../lib/page-meta.ts';
import { PolicyPage } from '../components/policy-page.tsx';
import { PRIVACY_POLICY, PRIVACY_POLICY_UPDATED } from '../data/privacy-policy.ts';

export const PrivacyPolicyPage = () => {
  usePageMeta({
    title: 'Privacy Policy',
    description:
      'How Tidewise ApS collects, uses and protects personal data on its website and emissions data-sharing platform, and your rights under the GDPR.',
  });
  return (
    <PolicyPage
      title="Privacy Policy"
      lead="How Tidewise handles personal data on this website and on the platform. Open any section to read it."
      updated={PRIVACY_POLICY_UPDATED}
      sections={PRIVACY_POLICY}
      idPrefix="privacy"
      footer={
        <p>
          How we use browser storage is described in our{' '}
          <Link to="/cookie-policy" className="font-semibold text-primary underline underline-offset-4">
            Cookie Policy
          </Link>
          .
        </p>
      }
    />
  );
};
