import type { PolicySection } from './types.ts';

export const COOKIE_POLICY_UPDATED = '2026-10-01';

export const COOKIE_POLICY: PolicySection[] = [
  {
    title: 'Summary',
    content: [
      'Tidewise does not use advertising, analytics or tracking cookies, and no third party places cookies through our website or platform.',
      'We use a small amount of storage in your browser that is strictly necessary to provide what you ask for. Under the ePrivacy Directive and the Danish Cookie Order, strictly necessary storage does not require consent, which is why we show no cookie banner.',
    ],
  },
  {
    title: 'What we store in your browser',
    content: ['The following items are stored on your device:'],
    subsections: [
      {
        title: 'Local storage (kept until you clear it)',
        items: ['tidewise-theme: remembers whether you chose the dark or light theme. Contains no personal data.'],
      },
      {
        title: 'Session storage (deleted when you close the tab)',
        items: [
          'reset_token, reset_email and reset_validated: keep your place while you reset a password.',
          'mfa_user_id, mfa_token and mfa_qr_code: keep your place while you set up or enter a two-factor code.',
          'organization_signup_data: keeps the answers of the organisation sign-up steps until you finish.',
        ],
      },
      {
        title: 'Memory only',
        items: ['Your signed-in session is held in the page’s memory and is gone when you close or reload the tab.'],
      },
    ],
  },
  {
    title: 'Why this storage is strictly necessary',
    content: [
      'Each item either carries out a step you started (signing in, resetting a password, signing up) or remembers a display choice you made. Without it those features would not work.',
    ],
  },
  {
    title: 'Third-party content',
    content: [
      'Our pages load no fonts, scripts or images from other domains. Links to other websites, such as LinkedIn, are governed by those websites’ own cookie policies once you follow them.',
    ],
  },
  {
    title: 'How to control or delete stored data',
    content: [
      'You can delete local and session storage at any time in your browser’s settings, usually under privacy or site data. Doing so resets your theme choice and ends any sign-in or sign-up step in progress.',
    ],
  },
  {
    title: 'Changes and contact',
    content: [
      'If we ever add storage that is not strictly necessary, we will ask for your consent first and update this policy. Questions: privacy@tidewise.eu, or Tidewise ApS, Havnegade 39, 1058 Copenhagen K, Denmark.',
    ],
  },
];
