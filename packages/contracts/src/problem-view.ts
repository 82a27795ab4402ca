import { z } from 'zod';

/*
 * A problem a customer reported on a Completed report, as the customer sees it on the order
 * (docs/product-rules.md#problems-with-a-report). The order list carries it, so this file does
 * not import the orders contract.
 */

/** What is wrong with a report, as the customer picks it. */
export const PROBLEM_KINDS = [
  'wrong_record',
  'missing_record',
  'vehicle_details',
  'other',
] as const;
export const problemKindSchema = z.enum(PROBLEM_KINDS);
export type ProblemKind = z.infer<typeof problemKindSchema>;

export const PROBLEM_KIND_LABELS: Record<ProblemKind, string> = {
  wrong_record: 'A record that is not this vehicle',
  missing_record: 'A record that is missing',
  vehicle_details: 'The vehicle details',
  other: 'Something else',
};

/** The customer's words, in characters. */
export const PROBLEM_DESCRIPTION_MAX = 2000;
/** The admin's reply, in characters. */
export const PROBLEM_REPLY_MAX = 4000;
/** Problem reports one account may send in a day, counted in the database (docs/limits.md). */
export const PROBLEM_REPORTS_PER_USER_DAY = 5;

/** Open until an admin answers; then Answered, with the reply. */
export const PROBLEM_STATES = ['Open', 'Answered'] as const;
export const problemStateSchema = z.enum(PROBLEM_STATES);
export type ProblemState = z.infer<typeof problemStateSchema>;

/**
 * What the admin did besides replying: nothing more, the report generated again, a corrected
 * report uploaded (before answering), or the credit returned (the order becomes Refunded).
 */
export const PROBLEM_ACTIONS = ['reply', 'regenerate', 'corrected', 'refund'] as const;
export const problemActionSchema = z.enum(PROBLEM_ACTIONS);
export type ProblemAction = z.infer<typeof problemActionSchema>;

export const PROBLEM_ACTION_LABELS: Record<ProblemAction, string> = {
  reply: 'Reply only',
  regenerate: 'Regenerate the report',
  corrected: 'A corrected report was uploaded',
  refund: 'Refund the credit',
};

/** What the customer reads about the outcome, under the reply. */
export const PROBLEM_OUTCOME_TEXTS: Record<ProblemAction, string> = {
  reply: 'We answered without changing the report.',
  regenerate: 'We are making the report again from fresh records; it updates in a few minutes.',
  corrected: 'We replaced the report with a corrected one.',
  refund:
    'We found the report wrong and returned your credit to your balance; the report stays readable.',
};

/** A problem as its customer sees it, on the order and the report's page. */
export const customerProblemSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  kind: problemKindSchema,
  description: z.string(),
  state: problemStateSchema,
  createdAt: z.string().describe('ISO 8601'),
  answeredAt: z.string().nullable(),
  reply: z.string().nullable(),
  /** What was done besides the reply; null while Open. */
  outcome: problemActionSchema.nullable(),
});
export type CustomerProblem = z.infer<typeof customerProblemSchema>;
