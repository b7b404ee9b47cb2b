/**
 * Built-in scenarios: merchant notifications as the console's receiver gets them from the Sandbox —
 * on payment, for a paid reference, retried after a failed acknowledgement, duplicated, out of order,
 * redelivered.
 */
import type { BuiltinFile } from './builtin-file';

export const NOTIFICATIONS: BuiltinFile[] = [
  {
    file: 'builtin/notifications/on-payment.yaml',
    text: `format: gateway-console/scenario@1
name: A notification arrives when MB WAY is approved
variant: A
tags: [notifications, mbway]
steps:
  - id: create
    create: {}
  - mbway: { transactionID: "\${create.transactionID}", phone: "351#912345678" }
  - sandbox: { advanceClock: 6 }
  - waitNotification: { transactionID: "\${create.transactionID}", status: Success }
    expect: { count: 1, fields: { paymentMethod: MBWAY, token.value: "351#912345678", merchant.transactionId: "\${create.merchantTransactionId}" } }
`,
  },
  {
    file: 'builtin/notifications/reference-paid.yaml',
    text: `format: gateway-console/scenario@1
name: A paid reference notifies PREF with the reference
variant: A
tags: [notifications, reference]
steps:
  - id: create
    create: {}
  - reference: { transactionID: "\${create.transactionID}" }
  - sandbox: { complete: { transactionID: "\${create.transactionID}", status: Success } }
  - waitNotification: { transactionID: "\${create.transactionID}", status: Success }
    expect: { fields: { paymentType: PREF, paymentReference.status: PAID } }
`,
  },
  {
    file: 'builtin/notifications/reference-expired.yaml',
    text: `format: gateway-console/scenario@1
name: An expired reference notifies Expired
variant: A
tags: [notifications, reference, expiry]
steps:
  - id: create
    create: { overrides: { transaction.amount.value: 6.12 } }
  - reference: { transactionID: "\${create.transactionID}" }
  - sandbox: { advanceClock: 61 }
  - waitNotification: { transactionID: "\${create.transactionID}", status: Expired }
`,
  },
  {
    file: 'builtin/notifications/retry-after-failed-ack.yaml',
    text: `format: gateway-console/scenario@1
name: A notification whose ack failed is retried with the same notificationID
variant: A
tags: [notifications, retries]
steps:
  - id: create
    create: {}
  - sandbox: { delivery: { transactionID: "\${create.transactionID}", do: failAck } }
  - sandbox: { complete: { transactionID: "\${create.transactionID}", status: Success } }
  - waitNotification: { transactionID: "\${create.transactionID}", status: Success }
    expect: { count: 1 }
  - sandbox: { advanceClock: 301 }
  - waitNotification: { transactionID: "\${create.transactionID}", status: Success, atLeast: 2 }
    expect: { count: 2 }
`,
  },
  {
    file: 'builtin/notifications/duplicate.yaml',
    text: `format: gateway-console/scenario@1
name: A duplicated notification is recorded twice, the second marked duplicate
variant: A
tags: [notifications, duplicates]
steps:
  - id: create
    create: {}
  - sandbox: { delivery: { transactionID: "\${create.transactionID}", do: duplicate } }
  - sandbox: { complete: { transactionID: "\${create.transactionID}", status: Declined } }
  - waitNotification: { transactionID: "\${create.transactionID}", status: Declined, atLeast: 2 }
    expect: { count: 2 }
`,
  },
  {
    file: 'builtin/notifications/out-of-order.yaml',
    text: `format: gateway-console/scenario@1
name: A held-back notification arrives after the final one
variant: A
tags: [notifications, reorder]
steps:
  - id: create
    create: {}
  - sandbox: { delivery: { transactionID: "\${create.transactionID}", do: reorder } }
  - sandbox: { complete: { transactionID: "\${create.transactionID}", status: InProcessing } }
  - sandbox: { complete: { transactionID: "\${create.transactionID}", status: Success } }
  - waitNotification: { transactionID: "\${create.transactionID}", status: Success }
  - waitNotification: { transactionID: "\${create.transactionID}", status: InProcessing, timeoutSeconds: 0.3 }
    expect: { timedOut: true, count: 0 }
  - sandbox: { advanceClock: 61 }
  - waitNotification: { transactionID: "\${create.transactionID}", status: InProcessing }
    expect: { count: 1 }
`,
  },
  {
    file: 'builtin/notifications/redeliver.yaml',
    text: `format: gateway-console/scenario@1
name: Redelivering the last notification repeats its notificationID
variant: A
tags: [notifications, duplicates]
steps:
  - id: create
    create: {}
  - sandbox: { complete: { transactionID: "\${create.transactionID}", status: Success } }
  - waitNotification: { transactionID: "\${create.transactionID}", status: Success }
  - sandbox: { delivery: { transactionID: "\${create.transactionID}", do: redeliver } }
  - waitNotification: { transactionID: "\${create.transactionID}", status: Success, atLeast: 2 }
    expect: { count: 2 }
`,
  },
];
