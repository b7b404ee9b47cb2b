/** Built-in scenarios: every documented Variant A flow (Multibanco reference, MB WAY, card). */
import type { BuiltinFile } from './builtin-file';

export const VARIANT_A: BuiltinFile[] = [
  {
    file: 'builtin/variant-a/create-order.yaml',
    text: `format: gateway-console/scenario@1
name: Variant A order is created with formContext and expiry
variant: A
tags: [variant-a, create]
steps:
  - id: create
    create: {}
    expect:
      httpStatus: 200
      classification: ok
      returnStatus: "000"
      fields:
        transactionID: { exists: true }
        formContext: { exists: true }
        expiry: { exists: true }
        paymentMethodList: { contains: MBWAY }
        transactionSignature: { exists: true }
  - status: { transactionID: "\${create.transactionID}" }
    expect: { paymentStatus: Pending, fields: { amount.value: "10.50", merchant.merchantTransactionId: "\${create.merchantTransactionId}" } }
`,
  },
  {
    file: 'builtin/variant-a/mbway-approved.yaml',
    text: `format: gateway-console/scenario@1
name: MB WAY approved by the shopper
variant: A
tags: [variant-a, mbway]
steps:
  - id: create
    create: { overrides: { transaction.paymentMethod: [MBWAY] } }
  - id: purchase
    mbway: { transactionID: "\${create.transactionID}", phone: "351#912345678" }
    expect: { classification: ok, paymentStatus: Pending, attempts: 1 }
  - sandbox: { advanceClock: 6 }
  - pollUntil: { transactionID: "\${create.transactionID}", final: true, timeoutSeconds: 10, intervalSeconds: 0.2 }
    expect: { paymentStatus: Success, fields: { paymentMethod: MBWAY } }
`,
  },
  {
    file: 'builtin/variant-a/mbway-outcomes.yaml',
    text: `format: gateway-console/scenario@1
name: MB WAY shopper outcomes
description: One run per magic phone of the Sandbox (docs/simulator.md).
variant: A
tags: [variant-a, mbway, data-table]
data:
  - { phone: "351#912345500", status: Declined }
  - { phone: "351#912345501", status: Declined }
  - { phone: "351#912345113", status: Declined }
steps:
  - id: create
    create: { overrides: { transaction.paymentMethod: [MBWAY] } }
  - mbway: { transactionID: "\${create.transactionID}", phone: "\${row.phone}" }
  - sandbox: { advanceClock: 6 }
  - status: { transactionID: "\${create.transactionID}" }
    expect: { paymentStatus: "\${row.status}" }
`,
  },
  {
    file: 'builtin/variant-a/mbway-alias-not-found.yaml',
    text: `format: gateway-console/scenario@1
name: MB WAY phone without an account is declined at once (E0506)
variant: A
tags: [variant-a, mbway]
steps:
  - id: create
    create: {}
  - mbway: { transactionID: "\${create.transactionID}", phone: "351#912345506" }
    expect: { classification: gateway-error, returnStatus: E0506, paymentStatus: Declined }
  - status: { transactionID: "\${create.transactionID}" }
    expect: { paymentStatus: Declined }
`,
  },
  {
    file: 'builtin/variant-a/mbway-timeout.yaml',
    text: `format: gateway-console/scenario@1
name: MB WAY not answered ends in Timeout when the window closes
variant: A
tags: [variant-a, mbway, timeout]
steps:
  - id: create
    create: {}
  - mbway: { transactionID: "\${create.transactionID}", phone: "351#912345408" }
  - sandbox: { advanceClock: 200 }
  - status: { transactionID: "\${create.transactionID}" }
    expect: { paymentStatus: Pending }
  - sandbox: { advanceClock: 41 }
  - status: { transactionID: "\${create.transactionID}" }
    expect: { paymentStatus: Timeout }
`,
  },
  {
    file: 'builtin/variant-a/mbway-phone-refused.yaml',
    text: `format: gateway-console/scenario@1
name: An MB WAY phone that is not a phone is refused before sending
variant: A
tags: [variant-a, mbway, validation]
steps:
  - id: create
    create: {}
  - mbway: { transactionID: "\${create.transactionID}", phone: "not-a-phone" }
    expect: { refused: invalid-request }
`,
  },
  {
    file: 'builtin/variant-a/mbway-twice.yaml',
    text: `format: gateway-console/scenario@1
name: A second MB WAY request while one waits is refused (409), not retried
variant: A
tags: [variant-a, mbway]
steps:
  - id: create
    create: {}
  - mbway: { transactionID: "\${create.transactionID}", phone: "351#912345999" }
  - mbway: { transactionID: "\${create.transactionID}", phone: "351#912345999" }
    expect: { httpStatus: 409, classification: http-error, attempts: 1 }
`,
  },
  {
    file: 'builtin/variant-a/reference-paid.yaml',
    text: `format: gateway-console/scenario@1
name: Multibanco reference generated and paid
variant: A
tags: [variant-a, reference]
steps:
  - id: create
    create: { overrides: { transaction.paymentMethod: [REFERENCE] } }
  - id: reference
    reference: { transactionID: "\${create.transactionID}" }
    expect: { classification: ok, fields: { paymentReference.reference: { matches: "^[0-9]{9}$" }, paymentReference.entity: { exists: true } } }
  - status: { transactionID: "\${create.transactionID}" }
    expect: { paymentStatus: Pending }
  - sandbox: { complete: { transactionID: "\${create.transactionID}", status: Success } }
  - status: { transactionID: "\${create.transactionID}" }
    expect: { paymentStatus: Success }
  - reference: { transactionID: "\${create.transactionID}", overrideFinal: true }
    expect: { httpStatus: 409, returnStatus: E0613 }
`,
  },
  {
    file: 'builtin/variant-a/reference-paid-by-shopper.yaml',
    text: `format: gateway-console/scenario@1
name: Multibanco reference paid by the shopper (magic amount 6.13)
variant: A
tags: [variant-a, reference]
steps:
  - id: create
    create: { overrides: { transaction.amount.value: 6.13, transaction.paymentMethod: [REFERENCE] } }
  - reference: { transactionID: "\${create.transactionID}" }
  - sandbox: { advanceClock: 6 }
  - status: { transactionID: "\${create.transactionID}" }
    expect: { paymentStatus: Success }
  - reference: { transactionID: "\${create.transactionID}", overrideFinal: true }
    expect: { httpStatus: 409, returnStatus: E0613, attempts: 1 }
`,
  },
  {
    file: 'builtin/variant-a/reference-expired.yaml',
    text: `format: gateway-console/scenario@1
name: Multibanco reference expires (magic amount 6.12)
variant: A
tags: [variant-a, reference, expiry]
steps:
  - id: create
    create: { overrides: { transaction.amount.value: 6.12 } }
  - reference: { transactionID: "\${create.transactionID}" }
  - sandbox: { advanceClock: 61 }
  - status: { transactionID: "\${create.transactionID}" }
    expect: { paymentStatus: Expired }
  - reference: { transactionID: "\${create.transactionID}", overrideFinal: true }
    expect: { httpStatus: 409, returnStatus: E0612 }
`,
  },
  {
    file: 'builtin/variant-a/card-paid.yaml',
    text: `format: gateway-console/scenario@1
name: Card order paid (Sandbox completes it)
variant: A
tags: [variant-a, card]
steps:
  - id: create
    create: { overrides: { transaction.paymentMethod: [CARD] } }
    expect: { fields: { paymentMethodList: [CARD] } }
  - sandbox: { complete: { transactionID: "\${create.transactionID}", status: Success } }
  - status: { transactionID: "\${create.transactionID}" }
    expect: { paymentStatus: Success }
`,
  },
  {
    file: 'builtin/variant-a/order-expired.yaml',
    text: `format: gateway-console/scenario@1
name: An order nobody pays expires
variant: A
tags: [variant-a, expiry]
steps:
  - id: create
    create: {}
  - sandbox: { advanceClock: 1801 }
  - pollUntil: { transactionID: "\${create.transactionID}", status: Expired, timeoutSeconds: 5 }
    expect: { paymentStatus: Expired }
  - mbway: { transactionID: "\${create.transactionID}", phone: "351#912345678", overrideFinal: true }
    expect: { httpStatus: 409 }
`,
  },
  {
    file: 'builtin/variant-a/poll-timeout.yaml',
    text: `format: gateway-console/scenario@1
name: Polling a pending order stops at its timeout
variant: A
tags: [variant-a, timeout]
steps:
  - id: create
    create: {}
  - pollUntil: { transactionID: "\${create.transactionID}", final: true, timeoutSeconds: 0.5, intervalSeconds: 0.2 }
    expect: { timedOut: true, paymentStatus: Pending }
`,
  },
  {
    file: 'builtin/variant-a/order-refused.yaml',
    text: `format: gateway-console/scenario@1
name: An order that breaks the spec's rules is refused before sending
variant: A
tags: [variant-a, validation]
steps:
  - create: { overrides: { transaction.description: null } }
    expect: { refused: invalid-request }
`,
  },
];
