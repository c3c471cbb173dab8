// The consent to the processing of health data in English (issue 8 §5), one document of legal.en.ts: the
// notes on placeholders and links at the top of that file hold here too.
import type { LegalDocument } from '#shared/contract/legal'

export const consent: LegalDocument = {
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
