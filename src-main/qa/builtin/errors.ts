/**
 * Built-in scenarios: every row of the spec's error table (400, 401, 403, 405, 429, 500, 503, and the
 * status query's 999), plus 404 and 409. Where the Sandbox has a natural trigger (a magic amount, an
 * order the console does not validate, an unknown id) the scenario uses it; otherwise the Sandbox
 * control "next call answers …". Each checks the console's classification and that money-moving calls
 * were sent once, while status queries are retried.
 */
import type { BuiltinFile } from './builtin-file';

const nextCall = (status: number, name: string, expect: string): BuiltinFile => ({
  file: `builtin/errors/http-${status}.yaml`,
  text: `format: gateway-console/scenario@1
name: ${name}
variant: A
tags: [errors, http-${status}]
steps:
  - sandbox: { nextCall: { status: ${status} } }
  - create: {}
    expect: { ${expect} }
`,
});

export const ERRORS: BuiltinFile[] = [
  {
    file: 'builtin/errors/http-400-unvalidated.yaml',
    text: `format: gateway-console/scenario@1
name: 400 Bad Request when an invalid order is sent without validation
variant: A
tags: [errors, http-400]
steps:
  - create: { validate: false, overrides: { transaction.description: null } }
    expect: { httpStatus: 400, classification: http-error, returnStatus: E0501, attempts: 1, fields: { returnStatus.statusDescription: { contains: transaction.description } } }
`,
  },
  nextCall(
    401,
    '401 Unauthorized (token invalid or not tied to the terminal)',
    'httpStatus: 401, classification: http-error, attempts: 1',
  ),
  nextCall(
    403,
    '403 Forbidden (client id without a subscription)',
    'httpStatus: 403, classification: http-error, attempts: 1',
  ),
  nextCall(405, '405 Method Not Allowed', 'httpStatus: 405, classification: http-error, attempts: 1'),
  {
    file: 'builtin/errors/http-404.yaml',
    text: `format: gateway-console/scenario@1
name: 404 for a transaction the gateway does not know
variant: A
tags: [errors, http-404]
steps:
  - status: { transactionID: "no-such-transaction-\${run.unique}" }
    expect: { httpStatus: 404, classification: http-error }
`,
  },
  {
    file: 'builtin/errors/http-429-create.yaml',
    text: `format: gateway-console/scenario@1
name: 429 on create is reported, not retried (magic amount 4.29)
variant: A
tags: [errors, http-429]
steps:
  - create: { overrides: { transaction.amount.value: 4.29 } }
    expect: { httpStatus: 429, classification: http-error, attempts: 1 }
`,
  },
  {
    file: 'builtin/errors/http-500-create.yaml',
    text: `format: gateway-console/scenario@1
name: 500 on create leaves the outcome unknown (query the status), never resent (magic amount 5.00)
variant: A
tags: [errors, http-500]
steps:
  - create: { overrides: { transaction.amount.value: 5.00 } }
    expect: { httpStatus: 500, classification: outcome-unknown, attempts: 1 }
`,
  },
  {
    file: 'builtin/errors/http-503-create.yaml',
    text: `format: gateway-console/scenario@1
name: 503 with T9999 on create (magic amount 5.03)
variant: A
tags: [errors, http-503]
steps:
  - create: { overrides: { transaction.amount.value: 5.03 } }
    expect: { httpStatus: 503, returnStatus: T9999, attempts: 1 }
`,
  },
  {
    file: 'builtin/errors/status-retried.yaml',
    text: `format: gateway-console/scenario@1
name: A status query answered 999 / 429 / 500 / 503 is retried once and then answers
variant: A
tags: [errors, retry, data-table]
data:
  - { amount: 9.99 }
  - { amount: 14.29 }
  - { amount: 15.00 }
  - { amount: 15.03 }
steps:
  - id: create
    create: { overrides: { transaction.amount.value: "\${row.amount}" } }
  - status: { transactionID: "\${create.transactionID}" }
    expect: { classification: ok, attempts: 2, paymentStatus: Pending }
`,
  },
  {
    file: 'builtin/errors/mbway-503-not-retried.yaml',
    text: `format: gateway-console/scenario@1
name: An MB WAY request answered 503 is not retried (money moves)
variant: A
tags: [errors, http-503]
steps:
  - id: create
    create: {}
  - sandbox: { nextCall: { status: 503 } }
  - mbway: { transactionID: "\${create.transactionID}", phone: "351#912345678" }
    expect: { httpStatus: 503, attempts: 1 }
  - status: { transactionID: "\${create.transactionID}" }
    expect: { paymentStatus: Pending }
`,
  },
  {
    file: 'builtin/errors/next-call-999.yaml',
    text: `format: gateway-console/scenario@1
name: 999 on a reference request is reported as "try again", not retried
variant: A
tags: [errors, "999"]
steps:
  - id: create
    create: {}
  - sandbox: { nextCall: { status: 999 } }
  - reference: { transactionID: "\${create.transactionID}" }
    expect: { classification: retry-advised, returnStatus: "999", attempts: 1 }
`,
  },
];
