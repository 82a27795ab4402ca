import { PROBLEM_KINDS } from '@vr/contracts';
import { z } from 'zod';

/** What the "Report a problem" form holds; no kind chosen yet is ''. */
export interface ReportProblemValues {
  kind: string;
  description: string;
}

export const EMPTY_PROBLEM: ReportProblemValues = { kind: '', description: '' };

/**
 * The form's check, for react-hook-form's zod resolver: one of contracts' problem kinds, then the
 * customer's words. One message at a time, the kind's first: zod runs an object's refinements
 * only once every field has a value of its kind.
 */
export const reportProblemFormSchema = z
  .object({
    kind: z.string().pipe(z.enum(PROBLEM_KINDS, 'Choose what is wrong.')),
    description: z.string(),
  })
  .refine((form) => form.description.trim() !== '', {
    path: ['description'],
    message: 'Describe what is wrong.',
  });
