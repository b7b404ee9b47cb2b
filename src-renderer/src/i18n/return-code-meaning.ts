/**
 * What a returnStatus code means, in the console's current language. The words come from the support
 * desk's one explanation table (agent wording, English and European Portuguese), so the order card,
 * History and the timeline say the same thing the support desk says — and never English under pt-PT.
 */
import { explainReturnCode } from '@shared/support/explanations';
import { currentLocale } from './';

/** null for a code the console does not know (the caller decides how to say that). */
export function returnCodeMeaning(code: string): string | null {
  return explainReturnCode(code)?.agent[currentLocale()] ?? null;
}
