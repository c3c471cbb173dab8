// The privacy policy in English (issue 8 §5), one document of legal.en.ts: the
// notes on placeholders and links at the top of that file hold here too.
import type { LegalDocument } from '#shared/contract/legal'

export const privacy: LegalDocument = {
  intro: [
    'This policy explains, in plain words, what we do with your information when you use Calma. Because Calma is about how you feel, some of that information is health data, and we treat it with extra care.',
  ],
  sections: [
    {
      id: 'controller',
      h: 'Who is responsible for your data',
      body: [
        'The controller of your data is Calma Salud S.L. (demo), tax ID B00000000 (placeholder), with its registered office at Calle Ejemplo 1, 28000 Madrid, Spain (placeholder). This identity is a placeholder for this demo.',
        {
          list: [
            'Privacy questions: [privacy@calma.app](mailto:privacy@calma.app)',
            'Our data protection officer (DPO): [dpo@calma.app](mailto:dpo@calma.app)',
            'Anything else: our [contact form](/contact)',
          ],
        },
      ],
    },
    {
      id: 'summary',
      h: 'The short version',
      body: [
        {
          list: [
            'We use your data to give you the service: your plan, your routes, your progress and your appointments.',
            'What you feel, search for and listen to is health data. We only use it with your explicit consent, and only for the service.',
            'We never sell your data, and we never send your health data to advertising or analytics companies.',
            'Advertising and measurement tags only load if you accept them, and only on our public campaign pages.',
            'You can download all your data or delete your account from your profile at any time.',
          ],
        },
      ],
    },
    {
      id: 'data',
      h: 'What data we collect',
      body: [
        {
          list: [
            'Account: your email, name, password (stored only as a secure hash), language, country, phone with its country code, time zone and your confirmation that you are of legal age. If you sign in with Google or Apple, we receive the identifier they give us and, if they share it, your email.',
            'Your use of Calma: the plans assigned to you, the routes and units you play and how far you get, your likes, your rewards and your place in the ranking.',
            'Health and wellbeing data: the symptoms you search for, the routes you follow (for example, for insomnia or anxiety), your appointments with psychologists (date, channel, status and, if you cancel, the reason you choose) and what you write in our forms.',
            'Payments: your subscription, your credits and your transactions. Card details go straight to Stripe, our payment provider: we never see or store your card number.',
            'Messages you send us: contact requests, feedback, call-back requests (email, name, phone and preferred time) and route suggestions.',
            'Technical data: your IP address and browser details, used for security (for example, to slow down repeated failed sign-ins), and an identifier of your visit with the campaign that brought you (utm values), recorded on our own servers.',
          ],
        },
      ],
    },
    {
      id: 'health',
      h: 'Your health data',
      body: [
        'The GDPR treats data about your health as a special category (article 9). In Calma that means the symptoms you search for, the routes you play and your progress in them, your plans, your appointments with psychologists and what you tell us in forms.',
        'We process it only because you give us your explicit consent (article 9(2)(a) GDPR) when you create your account. You can read the exact texts on our [consent page](/consent).',
        'We use it only to run the service for you: to suggest and unlock routes, to show your progress, to book your sessions and to answer you. We do not use it to build advertising profiles, and we never send it to advertising or analytics companies.',
        'Only the people who need it to help you can see it: the psychologist you book with (your appointment details) and a small support team bound by confidentiality.',
        'You can withdraw your consent at any time by deleting your account. This does not affect what we did before, but without it we cannot offer you a personal plan.',
      ],
    },
    {
      id: 'purposes',
      h: 'Why we use your data, and on what legal basis',
      body: [
        {
          table: {
            head: ['What for', 'Which data', 'Legal basis'],
            rows: [
              [
                'Creating your account and giving you the service (plans, routes, progress, rewards, ranking)',
                'Account, your use of Calma',
                'Contract (art. 6(1)(b) GDPR)',
              ],
              [
                'Personalising your plan and showing your progress',
                'Health and wellbeing data',
                'Your explicit consent (art. 9(2)(a) GDPR)',
              ],
              [
                'Booking and holding appointments with psychologists',
                'Account, phone, appointments',
                'Contract and your explicit consent',
              ],
              [
                'Payments, invoices and refunds',
                'Payments, account',
                'Contract; legal obligation for accounting and tax (art. 6(1)(c))',
              ],
              [
                'Sending you the free kit and the invitation from our campaign pages',
                'Email, name',
                'Your consent (art. 6(1)(a))',
              ],
              [
                'Notifications about your plan, in the app and by email',
                'Account, language, preferred time',
                'Contract; you can turn emails off at any time',
              ],
              [
                'Answering your messages, feedback and call-back requests',
                'What you send us',
                'Your request (art. 6(1)(b)) and our legitimate interest in improving Calma (art. 6(1)(f))',
              ],
              [
                'Keeping Calma safe from abuse, bots and attacks on accounts',
                'IP address, sign-in attempts, technical data',
                'Legitimate interest (art. 6(1)(f))',
              ],
              [
                'Counting visits and campaigns on our own servers',
                'Visit identifier, pages, utm values',
                'Legitimate interest (art. 6(1)(f)); never shared with vendors',
              ],
              [
                'Measuring our public pages and ad campaigns with Google and Meta',
                'Page address without its query, device',
                'Your consent in Cookie settings (art. 6(1)(a))',
              ],
              [
                'Keeping the records the law asks of us, and defending claims',
                'Payments, consents',
                'Legal obligation (art. 6(1)(c)); legitimate interest',
              ],
            ],
          },
        },
        'When we rely on our legitimate interest, we have weighed it against your rights, and you can object at any time (see [your rights](/privacy#rights)).',
      ],
    },
    {
      id: 'sharing',
      h: 'Who we share it with',
      body: [
        'We never sell your data. We share it only with companies that work for us (processors), under contracts that oblige them to protect it and to use it only on our instructions:',
        {
          list: [
            'Cloudflare, Inc.: hosting, database, file storage, delivery of the site and the anti-bot check on our forms (Turnstile).',
            'Resend, Inc.: sending our emails (welcome, sign-in links, notifications).',
            'Stripe Payments Europe, Ltd.: payments, subscriptions and refunds. Stripe also handles some data on its own account, to meet its legal obligations as a payment provider.',
            'Google and Apple: only if you choose to sign in with them. They confirm who you are; we never receive your password or your contacts.',
            'Google (Analytics and Ads) and Meta (Pixel): only if you accept them in Cookie settings, only on our public campaign pages, and never with your health data. See our [cookie policy](/cookies).',
          ],
        },
        'Your psychologist sees the details of the appointments you book with them. The notes they take in a session belong to their clinical record, which they keep under health law as their own responsibility.',
        'We may also give data to courts and public authorities when the law requires it.',
      ],
    },
    {
      id: 'transfers',
      h: 'International transfers',
      body: [
        'Some of our providers are based in the United States or use servers outside the European Economic Area (EEA). When your data leaves the EEA, we protect it with the European Commission’s Standard Contractual Clauses (SCCs) and, where the provider is certified, the EU-U.S. Data Privacy Framework, together with measures such as encryption in transit and at rest.',
        'You can ask us for a copy of these safeguards at [privacy@calma.app](mailto:privacy@calma.app).',
      ],
    },
    {
      id: 'retention',
      h: 'How long we keep it',
      body: [
        {
          table: {
            head: ['Data', 'How long'],
            rows: [
              [
                'Account, profile, plans, progress, likes and rewards',
                'While your account exists. Erased at once when you delete it.',
              ],
              [
                'Health and wellbeing data, appointments',
                'While your account exists. Erased at once when you delete it, or earlier if you ask us.',
              ],
              ['Records of your consents', 'While your account exists.'],
              [
                'Payments, credits and transactions',
                'As long as the law requires for accounting and tax (in Spain, generally 6 years), no longer linked to you once you delete your account.',
              ],
              [
                'Messages, feedback and call-back requests',
                'As long as we need to answer you, and at most 2 years. Erased with your account.',
              ],
              [
                'Visit and campaign records on our servers',
                'At most 2 years, no longer linked to you once you delete your account.',
              ],
              ['Failed sign-in attempts', '24 hours.'],
              ['Your session', '1 day, or 30 days if you choose “keep me connected”.'],
              ['Backups', 'Overwritten within 30 days.'],
            ],
          },
        },
      ],
    },
    {
      id: 'rights',
      h: 'Your rights, and how to use them',
      body: [
        'You have the right to:',
        {
          list: [
            'access your data and get a copy of it;',
            'rectify it if it is wrong or incomplete;',
            'erase it (the “right to be forgotten”);',
            'restrict how we use it while a question is being settled;',
            'portability: receive it in a structured, machine-readable format (JSON);',
            'object to the uses based on our legitimate interest;',
            'withdraw your consent at any time, without affecting what we did before;',
            'not be subject to decisions based only on automated processing that significantly affect you. Calma makes no such decisions: routes unlock by simple rules you can see in your plan.',
          ],
        },
        'How to use them in Calma:',
        {
          list: [
            'Download your data: [My Profile](/profile) → Privacy and your data → Download my data. You get a file with everything we hold about you.',
            'Correct your data: change your name, country, phone and language in [My Profile](/profile).',
            'Delete your account: [My Profile](/profile) → Delete my account. Everything linked to you is erased at once; payment records stay, no longer linked to you, for as long as the law requires.',
            'Stop notification emails: [My Profile](/profile) → Notifications, or the link at the bottom of every notification email.',
            'Change your cookie choice: “Cookie settings” at the bottom of our public pages, or the button in our [cookie policy](/cookies).',
            'Anything else (restriction, objection, questions): write to [privacy@calma.app](mailto:privacy@calma.app) or to our DPO at [dpo@calma.app](mailto:dpo@calma.app). We answer within one month.',
          ],
        },
        'If you think we have not respected your rights, you can complain to the Spanish Data Protection Agency (Agencia Española de Protección de Datos, [www.aepd.es](https://www.aepd.es)) or to the authority of the EU country where you live. We would be grateful if you let us try to put it right first.',
      ],
    },
    {
      id: 'minors',
      h: 'Adults only',
      body: [
        'Calma is for adults. To register you must confirm that you are of legal age (18 in Spain). We do not knowingly collect data from minors; if we learn that an account belongs to a minor, we delete it. If you are a parent or guardian and think this has happened, write to [privacy@calma.app](mailto:privacy@calma.app).',
        'If you are under 18 and going through a hard time, please talk to an adult you trust, or see our [help page](/help).',
      ],
    },
    {
      id: 'security',
      h: 'How we protect it',
      body: [
        'Connections are always encrypted (HTTPS). Passwords are kept only as a salted hash. Your session lives in a secure cookie that scripts cannot read. Inside our team, only the people who need health data to help you can see it.',
        'No system is perfect. If a breach puts your data at risk, we will tell the AEPD within 72 hours and, when the risk to you is high, we will tell you too.',
      ],
    },
    {
      id: 'changes',
      h: 'Changes to this policy',
      body: [
        'If we change this policy, we will update the date at the top. If the change is important, we will tell you in the app or by email before it applies, and we will ask for your consent again when the law requires it.',
      ],
    },
  ],
}
