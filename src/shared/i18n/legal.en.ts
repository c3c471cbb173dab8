// The legal texts in English (issue 8 §5). The company details are a placeholder for the demo:
// replace every "(placeholder)" and "(demo)" before production, and have a lawyer read the whole.
// Links: `[label](/path#anchor)` for a page of this site (locale-free), mailto: and https: too.
import type { LegalDocument, LegalKind } from '#shared/contract/legal'

const privacy: LegalDocument = {
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

const cookies: LegalDocument = {
  intro: [
    'Cookies and similar technologies, such as your browser’s local storage, keep small pieces of information on your device. Here is every one Calma uses, what it is for and how long it lasts.',
  ],
  sections: [
    {
      id: 'summary',
      h: 'In short',
      body: [
        'We only use what Calma needs to work, unless you say yes to more. Measurement and advertising tags from Google and Meta load only after you accept them, only on our public campaign pages (the home page and the landing pages), and never on your routes, articles, plan, appointments or account.',
      ],
    },
    {
      id: 'necessary',
      h: 'Strictly necessary (always on)',
      body: [
        'These make Calma work and keep it safe. The law does not require your consent for them (article 22.2 of Spain’s LSSI-CE), but we want you to know about them.',
        {
          table: {
            head: ['Name', 'Type', 'What for', 'How long'],
            rows: [
              [
                'calma_session',
                'Cookie (ours)',
                'Keeps you signed in. Scripts cannot read it.',
                'Until you close the browser, or 30 days with “keep me connected”',
              ],
              [
                '__Host-calma_viewer',
                'Cookie (ours)',
                'Tells the copies kept on this device for offline use (pages and downloaded units) which session they belong to, so they are shown to nobody else. A code that says nothing about you and opens nothing.',
                'As long as calma_session',
              ],
              ['tz', 'Cookie (ours)', 'Your time zone, so dates and times show in your local time.', '1 year'],
              [
                'calma_oauth',
                'Cookie (ours)',
                'Protects your sign-in with Google or Apple while you go to them and come back.',
                '10 minutes',
              ],
              [
                'calma_consent',
                'Local storage (ours)',
                'Remembers your cookie choice.',
                'Until you change it or clear your browser',
              ],
              [
                'user',
                'Local storage (ours)',
                'Your name, email, language and subscription status, so pages can show them at once. Never your password or your session.',
                'Until you log out',
              ],
              ['locale', 'Local storage (ours)', 'Your language.', 'Until you log out'],
              [
                'language_notification',
                'Local storage (ours)',
                'Remembers that we already told you about a change of language.',
                'Until you log out',
              ],
              [
                '__cf_bm and the Turnstile check',
                'Cookie and check by Cloudflare',
                'Tell people from bots and protect our forms from abuse.',
                'Up to 30 minutes',
              ],
            ],
          },
        },
      ],
    },
    {
      id: 'ours',
      h: 'Your reading and your visits (ours only)',
      body: [
        'These stay in your browser or on our own servers. They are never sent to advertising or analytics companies.',
        {
          table: {
            head: ['Name', 'Type', 'What for', 'How long'],
            rows: [
              [
                'session_id',
                'Local storage (ours)',
                'Identifies your visit, so we can count visits and know which campaign brought you, on our own servers.',
                'Until you log out',
              ],
              [
                'articles_read',
                'Local storage (ours)',
                'The articles you have finished, to mark them as read. It stays on your device.',
                'Until you log out',
              ],
              [
                'agency',
                'Local storage (ours)',
                'The campaign partner that brought you, to show its pages as agreed with it.',
                'Until you clear your browser',
              ],
              [
                'visited_at',
                'Local storage (ours)',
                'When you first arrived from that partner (its pages look different for 24 hours).',
                'Until you clear your browser',
              ],
            ],
          },
        },
      ],
    },
    {
      id: 'optional',
      h: 'Measurement and advertising (only if you say yes)',
      body: [
        'If you accept them in Cookie settings, these tags load on our home page and campaign pages only. They receive the page address without its query (so no search terms or campaign details), and never anything about your health, your routes or your appointments.',
        {
          table: {
            head: ['Name', 'Type', 'What for', 'How long'],
            rows: [
              [
                '_ga, _ga_*',
                'Cookies of Google Analytics (Google Ireland Ltd.)',
                'Count visits to our public pages. Google signals and ad personalisation are off.',
                'Up to 2 years',
              ],
              [
                '_gcl_au',
                'Cookie of Google Ads (Google Ireland Ltd.)',
                'Tells Google that someone who came from an ad signed up (only on the thanks page of our campaign).',
                '90 days',
              ],
              [
                '_fbp',
                'Cookie of the Meta Pixel (Meta Platforms Ireland Ltd.)',
                'Tells Meta that someone who came from an ad signed up (only on the thanks page of our campaign).',
                '90 days',
              ],
            ],
          },
        },
        'Google and Meta may process this data outside the EEA: see [international transfers](/privacy#transfers).',
      ],
    },
    {
      id: 'choice',
      h: 'How to change your choice',
      body: [
        'Use “Cookie settings” at the bottom of our public pages, or the button on this page, to accept or reject measurement and advertising at any time. Rejecting is as easy as accepting, and Calma works the same either way.',
        'If you reject them after accepting, the tags stop loading. To delete cookies they already set, clear them in your browser’s settings. You can also block all cookies in your browser, but then you will not be able to stay signed in.',
      ],
    },
    {
      id: 'more',
      h: 'More information',
      body: [
        'Our [privacy policy](/privacy) explains how we use your data and how to use your rights. Questions: [privacy@calma.app](mailto:privacy@calma.app).',
      ],
    },
  ],
}

const terms: LegalDocument = {
  intro: [
    'These terms are the agreement between you and Calma when you use our website and app. We have tried to keep them short and clear. By creating an account you accept them.',
  ],
  sections: [
    {
      id: 'who',
      h: 'Who we are',
      body: [
        'Calma is run by Calma Salud S.L. (demo), tax ID B00000000 (placeholder), registered office at Calle Ejemplo 1, 28000 Madrid, Spain (placeholder), entered in the Companies Register of Madrid (placeholder). This identity is a placeholder for this demo.',
        'You can reach us through our [contact form](/contact), or at [privacy@calma.app](mailto:privacy@calma.app) for anything about your data.',
      ],
    },
    {
      id: 'service',
      h: 'What Calma is, and what it is not',
      body: [
        'Calma offers guided audio and video routes, personal plans, articles and sessions with psychologists, to support you with anxiety, overthinking, insomnia and sadness.',
        'Calma is a wellbeing support. It is not a medical service: it does not diagnose or treat illnesses, and it does not replace your doctor, your psychologist or your treatment. Please do not stop or change a treatment because of something you heard or read here.',
        'Calma is not an emergency service. If you are in danger or thinking about harming yourself, call your local emergency number now, or see our [help page](/help) for the crisis lines of your country.',
      ],
    },
    {
      id: 'account',
      h: 'Your account',
      body: [
        'You must be of legal age (18 in Spain, or the age of majority where you live) to create an account.',
        'Give us true information and keep your password to yourself. Tell us at once if you think someone else has used your account.',
        'You can delete your account at any time from [My Profile](/profile).',
      ],
    },
    {
      id: 'free-access',
      h: 'Free access',
      body: [
        'New accounts get free access for a limited time (currently 3 days), with no card. Nothing is charged when it ends: to keep going you can choose a subscription or credits.',
      ],
    },
    {
      id: 'payments',
      h: 'Subscriptions, credits and refunds',
      body: [
        'Subscriptions are monthly or yearly and renew automatically. You can stop the renewal at any time in [My Subscription and Credits](/subscription); your plan then lasts until the end of the period you paid. The price, taxes and what each plan includes (for example, sessions with psychologists each month) are shown before you pay.',
        'Credits are a prepaid balance, shown in dollars, that you can use to book sessions. They are not money and cannot be exchanged for cash, except as a refund under these terms.',
        'Payments are processed by Stripe. For now, subscriptions can only be bought on the website, not from mobile devices.',
        'Refunds: you can ask for one in My Subscription and Credits, once every 7 days. We review every request and answer you by email; when we accept it, the money goes back to the card you paid with.',
        'If you live in the European Union, you can withdraw from a purchase within 14 days. If you ask us to start at once (for example, to unlock content or to book a session straight away), you pay for what you have already used, and the right of withdrawal ends for digital content already supplied and sessions already held.',
      ],
    },
    {
      id: 'appointments',
      h: 'Appointments with psychologists',
      body: [
        'Sessions are given by qualified psychologists. Each one is responsible for their professional work and keeps their own clinical records, as health law requires.',
        'To book you need a phone number, and either enough credits or a subscription that includes sessions. An appointment is confirmed once both you and the psychologist have confirmed it.',
        'If you cannot attend, cancel as early as you can from [Appointments](/appointments) and tell us why. A session missed without notice may not be refunded.',
        'Online sessions take place through the channel shown in your appointment (for example Google Meet, Zoom, a phone call or WhatsApp), under that service’s own terms.',
        'A session with a psychologist is not emergency care. In a crisis, see [help now](/help).',
      ],
    },
    {
      id: 'acceptable-use',
      h: 'Acceptable use',
      body: [
        'Please do not:',
        {
          list: [
            'use Calma if you are not of legal age;',
            'share your account or resell access to it;',
            'copy, download or distribute our audios, videos or articles beyond your personal use;',
            'break or overload the service, scrape it, or get around its limits and security checks;',
            'send content that is illegal, hateful or harmful to others, or pretend to be someone else.',
          ],
        },
        'We may suspend or close an account that breaks these rules. We will tell you why, unless the law or someone’s safety prevents it.',
      ],
    },
    {
      id: 'content',
      h: 'Our content and yours',
      body: [
        'The routes, audios, videos, articles and texts of Calma, and the Calma brand, belong to us or to those who licensed them to us. You get a personal, non-transferable licence to use them in Calma while your account is active.',
        'What you send us (messages, feedback, suggestions) stays yours; you let us use it to answer you and to improve Calma.',
      ],
    },
    {
      id: 'liability',
      h: 'Our responsibility',
      body: [
        'We work to keep Calma available and its content careful and accurate, but we cannot promise that it will always be free of errors or interruptions.',
        'We are responsible for harm we cause through our fault, as the law provides. We are not responsible for health decisions taken without a professional, for using Calma as if it were an emergency service, or for failures of services beyond our control.',
        'Nothing in these terms limits your rights as a consumer, or our liability where the law does not allow it to be limited.',
      ],
    },
    {
      id: 'changes',
      h: 'Changes to these terms',
      body: [
        'We may update these terms when the service or the law changes. We will tell you in advance about important changes; if you do not accept them, you can close your account, and we will refund the unused part of any period you paid in advance.',
      ],
    },
    {
      id: 'law',
      h: 'Law and disputes',
      body: [
        'These terms are governed by Spanish law. If you are a consumer, you keep the protection of the mandatory laws of the country where you live, and you can go to the courts of your place of residence.',
        'Before going to court, please write to us: most things can be solved by talking. You can also turn to the consumer authorities where you live.',
      ],
    },
  ],
}

const consent: LegalDocument = {
  intro: [
    'At a few moments we ask for your permission. This page shows the exact words, what each one means, and how to take it back whenever you want.',
  ],
  sections: [
    {
      id: 'registration',
      h: 'When you create your account',
      body: [
        'The registration form asks you to tick: “I am of legal age and I accept the terms and the privacy policy.”',
        'With it you confirm that you are of legal age (Calma is for adults only) and that you accept our [terms](/terms) and our [privacy policy](/privacy). We keep a record of the text you saw, its version and when you accepted it.',
      ],
    },
    {
      id: 'landing',
      h: 'On our free-kit pages',
      body: [
        'Our campaign pages ask you to tick: “I am an adult and accept receiving the kit and the invitation.”',
        'With it you confirm that you are an adult and agree that we send you by email the free kit (audios of 5 to 15 minutes) and an invitation to a free orientation session with a psychologist. To send it, we create a Calma account for you, under our [terms](/terms) and [privacy policy](/privacy).',
      ],
    },
    {
      id: 'health',
      h: 'Your health data',
      body: [
        'What you search for, the routes you follow, your progress and your appointments say something about your health. The law asks for your explicit consent to use it (article 9(2)(a) GDPR).',
        'Creating your account means giving us that consent for one purpose only: giving you the service (your plan, your progress, your sessions). We never use it for advertising, and we never send it to advertising or analytics companies. The details are in our [privacy policy](/privacy#health).',
      ],
    },
    {
      id: 'cookies',
      h: 'Cookies and measurement',
      body: [
        'On your first visit we ask whether you accept measurement and advertising tags. Nothing of that loads until you say yes, and rejecting is as easy as accepting. See our [cookie policy](/cookies).',
      ],
    },
    {
      id: 'emails',
      h: 'Emails and notifications',
      body: [
        'We send emails about your plan and your account. You can stop notification emails at any time in [My Profile](/profile) or with the link in each email. Emails you need to use your account, such as sign-in links, still arrive.',
      ],
    },
    {
      id: 'withdraw',
      h: 'How to take your consent back',
      body: [
        {
          list: [
            'Health data and your account: delete your account in [My Profile](/profile). Everything linked to you is erased.',
            'Kit, invitation and notification emails: the link at the bottom of any email, or “Stop receiving notifications” in your profile.',
            'Cookies: “Cookie settings” at the bottom of our public pages, or the button in our [cookie policy](/cookies).',
          ],
        },
        'Taking your consent back is free and does not make what we did before unlawful. Questions: [privacy@calma.app](mailto:privacy@calma.app).',
      ],
    },
  ],
}

export const documents: Record<LegalKind, LegalDocument> = { terms, cookies, privacy, consent }
