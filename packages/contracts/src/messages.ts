/** User-facing texts of spec section 8, defined once. */
export const LOOKUP_MESSAGES = {
  decodeFailed: (errorText: string) => `VIN decoding failed: ${errorText || 'Invalid VIN number'}`,
  noResults: 'Unable to retrieve vehicle information. Please check if the VIN number is correct.',
  decodeNetwork:
    'Network error. Unable to retrieve vehicle information. Please check your connection and try again.',
  plateNotFound:
    'No vehicle found for this license plate. Please verify the plate number and state.',
  plateFailed: 'Unable to search license plate. Please try again.',
  plateNetwork:
    'Network error. Unable to search license plate. Please check your connection and try again.',
  signInForPlate: 'Sign in to search by plate',
} as const;

export const ORDER_MESSAGES = {
  insufficientCredits: 'Insufficient credits. Please purchase more credits.',
} as const;

export const API_MESSAGES = {
  notFound: 'Not found',
  internal: 'Internal server error',
  databaseUnavailable: 'Database unavailable',
  tooManyVins: (max: number) => `At most ${max} VINs can be decoded in one batch.`,
  decodeFormatJsonOnly: 'only json is supported',
  batchDataExpected: 'expected VINs separated by ";", each optionally followed by ",<model year>"',
  modelYearExpected: (min: number, max: number) => `expected a model year from ${min} to ${max}`,
} as const;
