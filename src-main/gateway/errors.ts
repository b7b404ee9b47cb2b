import { englishOf, type MainText } from '@shared/console-text';
import type { FailureMessage } from '@shared/result';
/** A request the SDK refused to send; each issue names a field (dotted path) and what is wrong with it. */
export class GatewayRequestError extends Error {
  constructor(
    readonly code:
      | 'invalid-request'
      | 'missing-credentials'
      | 'needs-confirmation'
      | 'method-not-in-order'
      | 'secrets-origin-mismatch',
    message: FailureMessage,
    readonly issues: Array<{ path: string; message: string }> = [],
  ) {
    super(typeof message === 'string' ? message : englishOf(message));
    this.name = 'GatewayRequestError';
    this.text = typeof message === 'string' ? undefined : message;
  }

  /** Set when the message is a registered text, so the renderer can translate it by id. */
  readonly text: MainText | undefined;
}

export const describeIssues = (issues: Array<{ path: string; message: string }>): string =>
  issues
    .slice(0, 8)
    .map((issue) => `${issue.path || '(body)'} ${issue.message}`)
    .join('; ') + (issues.length > 8 ? `; and ${issues.length - 8} more` : '');
