import { CREDITS_NEVER_EXPIRE, REPORT_REFUND_PROMISE, USED_CREDITS_REFUNDS } from '@vr/contracts';

export interface TermsSection {
  title: string;
  paragraphs: string[];
}

/** The Terms of Service: ten numbered sections (docs/product-rules.md#screens). */
export function termsOfService(productName: string, contactEmail: string): TermsSection[] {
  return [
    {
      title: 'Acceptance of Terms',
      paragraphs: [
        `By using ${productName} (the "Service") you agree to these Terms of Service. If you do not agree, please do not use the Service.`,
      ],
    },
    {
      title: 'The Service',
      paragraphs: [
        `${productName} compiles publicly accessible vehicle data for vehicles registered in the United States. Anyone may decode a VIN for free; searching by license plate and ordering vehicle history reports require an account.`,
      ],
    },
    {
      title: 'Your Account',
      paragraphs: [
        'You are responsible for keeping your sign-in details secure and for all activity under your account. Tell us at once if you believe your account has been used without your permission.',
      ],
    },
    {
      title: 'Credits and Payment',
      paragraphs: [
        'Reports are paid with prepaid credits bought in packages by card. Each vehicle history report costs one credit. Prices are shown in US dollars before you pay, and card payments are processed by our payment provider; we never store your card number.',
        CREDITS_NEVER_EXPIRE,
      ],
    },
    {
      title: 'Refunds',
      paragraphs: [USED_CREDITS_REFUNDS, REPORT_REFUND_PROMISE],
    },
    {
      title: 'Accuracy of Information',
      paragraphs: [
        'Reports contain what public sources record about a vehicle. Those sources can be incomplete, late or wrong, and events that were never reported cannot appear. A report is not a substitute for an inspection by a qualified mechanic.',
      ],
    },
    {
      title: 'Acceptable Use',
      paragraphs: [
        'Use the Service only for lawful purposes, such as evaluating a vehicle you are thinking of buying or selling. Do not resell reports, collect data from the Service by automated means, or use it to identify, locate or contact vehicle owners.',
      ],
    },
    {
      title: 'No Affiliation',
      paragraphs: [
        `${productName} is an independent service. It is not affiliated with, endorsed by or sponsored by any other vehicle history report provider. Names of other companies are trademarks of their owners.`,
      ],
    },
    {
      title: 'Limitation of Liability',
      paragraphs: [
        'The Service is provided "as is". To the extent the law allows, our liability for any claim related to a report is limited to the amount you paid for that report.',
      ],
    },
    {
      title: 'Changes and Contact',
      paragraphs: [
        `We may update these terms; the version on this page applies from the day it is published. Questions about these terms or a report: ${contactEmail}.`,
      ],
    },
  ];
}
