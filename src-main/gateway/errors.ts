/** A request the SDK refused to send; each issue names a field (dotted path) and what is wrong with it. */
export class GatewayRequestError extends Error {
  constructor(
    readonly code:
      | 'invalid-request'
      | 'missing-credentials'
      | 'needs-confirmation'
      | 'method-not-in-order'
      | 'secrets-origin-mismatch',
    message: string,
    readonly issues: Array<{ path: string; message: string }> = [],
  ) {
    super(message);
    this.name = 'GatewayRequestError';
  }
}

export const describeIssues = (issues: Array<{ path: string; message: string }>): string =>
  issues
    .slice(0, 8)
    .map((issue) => `${issue.path || '(body)'} ${issue.message}`)
    .join('; ') + (issues.length > 8 ? `; and ${issues.length - 8} more` : '');
