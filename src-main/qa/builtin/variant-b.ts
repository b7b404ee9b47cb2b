/** Built-in scenarios: every Variant B payment method, the regulation list and the extra step. */
import type { BuiltinFile } from './builtin-file';

export const VARIANT_B: BuiltinFile[] = [
  {
    file: 'builtin/variant-b/create-order.yaml',
    text: `format: gateway-console/scenario@1
name: Variant B order carries the regulation list
variant: B
tags: [variant-b, create]
steps:
  - id: create
    create: { overrides: { transaction.paymentMethod: [MBWY] } }
    expect:
      classification: ok
      fields:
        regulationList: { length: 7 }
        regulationList.0.type: ACCEPTANCE
        actionResponse: { exists: false }
  - status: { transactionID: "\${create.transactionID}" }
    expect: { paymentStatus: Pending }
`,
  },
  {
    file: 'builtin/variant-b/methods-with-extra-step.yaml',
    text: `format: gateway-console/scenario@1
name: Variant B methods with an extra step are paid through the actionResponse
variant: B
tags: [variant-b, action, data-table]
data:
  - { method: CARD }
  - { method: PAY_BY_LINK }
  - { method: BLIK }
  - { method: XPAY }
  - { method: IDEL }
  - { method: BNCT }
  - { method: CRTB }
  - { method: BIZM }
steps:
  - id: create
    create: { overrides: { transaction.paymentMethod: ["\${row.method}"] } }
    expect: { fields: { actionResponse: { exists: true }, paymentMethodList: ["\${row.method}"] } }
  - action: { transactionID: "\${create.transactionID}", from: create }
    expect: { paymentStatus: Success }
  - status: { transactionID: "\${create.transactionID}" }
    expect: { paymentStatus: Success }
`,
  },
  {
    file: 'builtin/variant-b/methods-without-extra-step.yaml',
    text: `format: gateway-console/scenario@1
name: Variant B methods without an extra step are completed by the gateway
variant: B
tags: [variant-b, data-table]
data:
  - { method: TOKEN }
  - { method: SPDD }
  - { method: MBWY }
steps:
  - id: create
    create: { overrides: { transaction.paymentMethod: ["\${row.method}"] } }
    expect: { fields: { actionResponse: { exists: false } } }
  - sandbox: { complete: { transactionID: "\${create.transactionID}", status: Success } }
  - status: { transactionID: "\${create.transactionID}" }
    expect: { paymentStatus: Success }
`,
  },
  {
    file: 'builtin/variant-b/action-declined.yaml',
    text: `format: gateway-console/scenario@1
name: The shopper fails the extra step (3-D Secure declined)
variant: B
tags: [variant-b, action]
steps:
  - id: create
    create: { overrides: { transaction.paymentMethod: [CARD] } }
  - action: { transactionID: "\${create.transactionID}", from: create, paymentStatus: Declined }
    expect: { paymentStatus: Declined }
  - status: { transactionID: "\${create.transactionID}" }
    expect: { paymentStatus: Declined }
`,
  },
  {
    file: 'builtin/variant-b/order-expired.yaml',
    text: `format: gateway-console/scenario@1
name: A Variant B order with a pending extra step expires
variant: B
tags: [variant-b, expiry]
steps:
  - id: create
    create: { overrides: { transaction.paymentMethod: [CARD] } }
  - sandbox: { advanceClock: 1801 }
  - status: { transactionID: "\${create.transactionID}" }
    expect: { paymentStatus: Expired }
`,
  },
  {
    file: 'builtin/variant-b/device-info-required.yaml',
    text: `format: gateway-console/scenario@1
name: A Variant B order without device information is refused before sending
variant: B
tags: [variant-b, validation]
steps:
  - create: { overrides: { info: null } }
    expect: { refused: invalid-request }
`,
  },
];
