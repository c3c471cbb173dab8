// The terms of use in English (issue 8 §5), one document of legal.en.ts: the
// notes on placeholders and links at the top of that file hold here too.
import type { LegalDocument } from '#shared/contract/legal'

export const terms: LegalDocument = {
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
