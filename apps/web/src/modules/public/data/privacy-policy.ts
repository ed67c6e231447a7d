import type { PolicySection } from './types.ts';

export const PRIVACY_POLICY_UPDATED = '2026-10-01';

export const PRIVACY_POLICY: PolicySection[] = [
  {
    title: 'Who we are',
    content: [
      'Tidewise ApS (CVR 44 12 78 90), Havnegade 39, 1058 Copenhagen K, Denmark, operates the Tidewise platform and this website and is the data controller for the personal data described in this policy.',
      'For questions about this policy or your personal data, write to privacy@tidewise.eu. Our data protection contact answers within 30 days.',
    ],
  },
  {
    title: 'Our role: controller and processor',
    content: [
      'For website visitors, people who contact us and the users of customer accounts, Tidewise is the controller.',
      'For the emissions and supply-chain data that customers and their suppliers upload, the customer organisation is the controller and Tidewise acts as its processor under a data processing agreement (Article 28 GDPR). We process that data only on the customer’s documented instructions.',
    ],
  },
  {
    title: 'The personal data we process',
    content: ['We collect only what we need to run the service and to answer you.'],
    subsections: [
      {
        title: 'Account and user data',
        items: [
          'Name, business email address, job position and organisation.',
          'Password hash (never the password itself) and two-factor authentication settings.',
          'Role and permission assignments within your organisation.',
        ],
      },
      {
        title: 'Usage and security data',
        items: [
          'Sign-in records: time, IP address, browser and operating system, and whether the attempt succeeded.',
          'Audit log entries recording who changed which data and when.',
        ],
      },
      {
        title: 'Contact requests',
        items: ['Name, email address, company, the reason you chose and your message, plus the IP address used to send it.'],
      },
    ],
  },
  {
    title: 'Why we process it and our legal basis',
    content: ['We rely on the following legal bases under Article 6(1) GDPR:'],
    subsections: [
      {
        title: 'Performance of a contract (Article 6(1)(b))',
        items: ['Creating and running user accounts, delivering data requests and notifications, and providing support.'],
      },
      {
        title: 'Legitimate interests (Article 6(1)(f))',
        items: [
          'Keeping the platform secure: sign-in logs, rate limiting and fraud prevention.',
          'Answering contact requests from businesses and following up on them.',
          'Improving the service using aggregated, non-identifying usage figures.',
        ],
      },
      {
        title: 'Legal obligation (Article 6(1)(c))',
        items: ['Keeping accounting records and responding to lawful requests from authorities.'],
      },
    ],
  },
  {
    title: 'Who receives your data',
    content: [
      'Within a customer account, data is visible only to users of your organisation and, for shared data requests, to the specific customer or supplier organisations you exchange data with.',
      'We use a small number of sub-processors: EU-based hosting and backups, an EU email delivery provider, and our support desk. Each is bound by a data processing agreement. The current list is available on request from privacy@tidewise.eu.',
      'We do not sell personal data and we do not share it with advertisers.',
    ],
  },
  {
    title: 'International transfers',
    content: [
      'The platform and its backups are hosted in the European Union. Our Singapore office may access support tickets to help customers in the Asia-Pacific region; such access is covered by the European Commission’s Standard Contractual Clauses and additional technical safeguards.',
    ],
  },
  {
    title: 'How long we keep it',
    content: ['We keep personal data only as long as the purpose requires:'],
    subsections: [
      {
        title: 'Retention periods',
        items: [
          'Account data: for the life of the account, and deleted within 90 days after the customer contract ends.',
          'Sign-in and audit logs: 24 months, to investigate security incidents and support customer audits.',
          'Contact requests: 24 months after our last exchange, unless they lead to a contract.',
          'Accounting records: 5 years, as required by the Danish Bookkeeping Act.',
        ],
      },
    ],
  },
  {
    title: 'How we protect it',
    content: [
      'Data is encrypted in transit (TLS) and at rest. Access is limited to staff who need it, protected by two-factor authentication and logged. Passwords are stored only as salted hashes.',
      'If a personal data breach is likely to result in a risk to you, we notify the Danish Data Protection Agency within 72 hours and inform affected customers without undue delay.',
    ],
  },
  {
    title: 'Your rights',
    content: [
      'You have the right to access, rectify and erase your personal data, to restrict or object to its processing, and to data portability. Where processing is based on consent, you may withdraw it at any time.',
      'If Tidewise is a processor for your data, we will pass your request to the customer organisation that controls it and help them answer.',
      'You may complain to the Danish Data Protection Agency (Datatilsynet, Carl Jacobsens Vej 35, 2500 Valby, www.datatilsynet.dk) or to the authority in your own EU country.',
    ],
  },
  {
    title: 'Changes to this policy',
    content: [
      'We update this policy when our processing changes. Material changes are announced to account administrators by email at least 30 days before they take effect. The date of the current version is shown at the top of this page.',
    ],
  },
];
