// The cookie policy in English (issue 8 §5), one document of legal.en.ts: the
// notes on placeholders and links at the top of that file hold here too.
import type { LegalDocument } from '#shared/contract/legal'

export const cookies: LegalDocument = {
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
