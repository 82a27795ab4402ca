import { countOf, creditCount, inNumber } from './plural.ts';
import { waitText } from './wait-text.ts';

/** User-facing texts, defined once. */
export const LOOKUP_MESSAGES = {
  noResults: 'Unable to retrieve vehicle information. Please check if the VIN number is correct.',
  decodeNetwork:
    'Network error. Unable to retrieve vehicle information. Please check your connection and try again.',
  plateNotFound:
    'No vehicle found for this license plate. Please verify the plate number and state.',
  plateFailed: 'Unable to search license plate. Please try again.',
  plateNetwork:
    'Network error. Unable to search license plate. Please check your connection and try again.',
  plateUserQuota: (perHour: number, retryAfterSeconds: number) =>
    `You have reached the limit of ${countOf(perHour, 'plate search', 'plate searches')} an hour for your account. Please try again in ${waitText(retryAfterSeconds)}.`,
  plateIpQuota: (perHour: number, retryAfterSeconds: number) =>
    `The limit of ${countOf(perHour, 'plate search', 'plate searches')} an hour from your network address has been reached. Please try again in ${waitText(retryAfterSeconds)}.`,
} as const;

export const ORDER_MESSAGES = {
  insufficientCredits: 'Insufficient credits. Please purchase more credits.',
  invalidVin: 'A report needs a 17-character VIN with a correct check digit.',
  foundVinNoDetails: (vin: string) => `Found VIN ${vin} but unable to retrieve vehicle details.`,
  unableToDecode: (vin: string) => `Unable to decode VIN ${vin}. Please try with the VIN directly.`,
  failedToOrder: (detail: string) => `Failed to order record: ${detail}`,
  alreadyOpen: 'You already ordered this report; it is being made. Nothing was charged.',
  alreadyCompleted: (days: number) =>
    `You already have this report from the last ${countOf(days, 'day')}; it is open again. Nothing was charged. To pay for a fresh one, order with "fresh".`,
  noRecords: 'No history records for this VIN: nothing to order.',
  previewUnavailable:
    'The vehicle history provider cannot say now whether it has records for this VIN. You can still order: if the report cannot be made, the credit is returned.',
  previewQuota: (perHour: number, retryAfterSeconds: number) =>
    `You have reached the limit of ${countOf(perHour, 'report preview')} an hour. Please try again in ${waitText(retryAfterSeconds)}.`,
  previewServiceQuota: (retryAfterSeconds: number) =>
    `Report previews are paused for everyone: the hourly limit has been reached. You can still order; please try a preview again in ${waitText(retryAfterSeconds)}.`,
} as const;

/** Texts of card payments (docs/product-rules.md#card-payments). */
export const PAYMENT_MESSAGES = {
  unexpected: 'An unexpected error occurred. Please try again.',
  confirmationFailed: (detail: string) => `Payment confirmation failed: ${detail}`,
  threeDsFailed: (detail: string) => `3D Secure verification failed: ${detail}`,
  checkStatusFailed: 'Failed to check payment status, please try again later',
  cancelFailed: 'Failed to cancel payment, please try again later',
  operationFailed: (detail: string) => `Operation failed: ${detail}`,
  selectMethodAndPackage: 'Please select a payment method and credit package',
  noPendingOrder: 'No pending order found',
  updateMethodFailed: 'Failed to update payment method',
  deleteMethodFailed: 'Failed to delete payment method',
  cardIncomplete: 'Please complete your card information.',
  cardholderRequired: 'Please enter the cardholder name.',
  stripeNotLoaded: 'Stripe has not loaded yet. Please wait and try again.',
  // No emoji: a success must not depend on an emoji font (docs/product-rules.md).
  cardAdded: 'Payment method added successfully!',
  paymentSucceeded: 'Payment successful. Your credits were added.',
  creditsAdded: (credits: number) =>
    `Payment successful! ${creditCount(credits)} ${inNumber(credits, 'was', 'were')} added to your balance.`,
  verificationLater: 'The payment waits for verification; you find it under Payment Info.',
  refusedHelp: 'You can pay with another card, or add a new one.',
  paymentCanceled: 'The payment was canceled.',
  stillNeedsVerification: 'This payment still needs verification: choose Complete verification.',
  paymentStatus: (label: string) => `Payment status: ${label}`,
  pendingLoadFailed: 'Your pending payments could not be loaded.',
} as const;

/** The card form's own checks, shown under a field when the customer leaves it. */
export const CARD_FIELD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryInvalid: "Your card's expiration date is invalid.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  postalCodeIncomplete: 'Your postal code is incomplete.',
} as const;

export const API_MESSAGES = {
  notFound: 'Not found',
  unstorableText: (field: string) =>
    `${field}: must not contain NUL characters or unpaired surrogates`,
  malformedMultipart: (detail: string) => `The multipart body is malformed: ${detail}`,
  encodedMultipart: 'Send multipart bodies without a Content-Encoding.',
  databaseUnavailable: 'Database unavailable',
  overloaded: 'The service is busy. Please try again in a moment.',
  tooManyVins: (max: number) => `At most ${max} VINs can be decoded in one batch.`,
  decodeRateExceeded: (perMinute: number, retryAfterSeconds: number) =>
    `At most ${countOf(perMinute, 'decode request')} a minute ${inNumber(perMinute, 'is', 'are')} answered per address; retry in ${retryAfterSeconds} s.`,
  sampleReportRateExceeded: (perMinute: number, retryAfterSeconds: number) =>
    `At most ${countOf(perMinute, 'sample report')} a minute ${inNumber(perMinute, 'is', 'are')} sent per address; retry in ${retryAfterSeconds} s.`,
  unsubscribeRateExceeded: (perMinute: number, retryAfterSeconds: number) =>
    `At most ${countOf(perMinute, 'unsubscribe request')} a minute ${inNumber(perMinute, 'is', 'are')} answered per address; retry in ${retryAfterSeconds} s.`,
  decodeFormatUnknown: 'expected json, xml or csv',
  batchDataExpected: 'expected VINs separated by ";", each optionally followed by ",<model year>"',
  modelYearExpected: (min: number, max: number) => `expected a model year from ${min} to ${max}`,
  vinTooLong: (max: number) => `expected a VIN of at most ${max} characters`,
  batchDataTooLong: (max: number) => `expected at most ${max} characters`,
} as const;
