/**
 * The demo's story: three weeks of a small Portuguese shop's payments, written out in full so that two
 * seedings tell exactly the same story. Together the entries reach every payment method the spec names
 * (Variant A: REFERENCE, CARD, MBWAY; Variant B: all eleven codes) and every payment status, each through
 * the simulator's own behaviour (magic MB WAY phones, the clock, the shopper's part played by the control
 * API), so each status change also sends its real notification.
 */
export type DemoVariant = 'A' | 'B';

/** What happens after the order is created, in order. */
export type DemoStep =
  /** MB WAY purchase (Variant A) with a magic phone of docs/simulator.md. */
  | { kind: 'mbway'; phone: string }
  /** Generate the Multibanco reference. */
  | { kind: 'reference' }
  /** The shopper's side of the actionResponse (Variant B), approving or refusing. */
  | { kind: 'action'; outcome: 'Success' | 'Declined' }
  /** The shopper (or the bank) settles the payment: played through the simulator's control API. */
  | { kind: 'complete'; paymentStatus: 'InProcessing' | 'Partial' | 'Success' | 'Declined' | 'Error' }
  /** Time passes on the simulator clock (shopper delays, MB WAY windows, order expiry). */
  | { kind: 'wait'; seconds: number }
  /** The merchant's server asks the gateway for the status. */
  | { kind: 'status' };

export interface DemoStory {
  /** Minutes after the start of the demo's three weeks. */
  atMinute: number;
  variant: DemoVariant;
  paymentMethod: string[];
  amount: number;
  description: string;
  shopper: string;
  steps: DemoStep[];
}

const DAY = 24 * 60;
/** The demo covers three weeks; its last orders are left for the tour's present. */
export const DEMO_SPAN_MINUTES = 21 * DAY;

/** Shopper delay of the magic phones is 5 s; a minute covers it with room to spare. */
const SHOPPER_ANSWERS: DemoStep = { kind: 'wait', seconds: 60 };
/** Past the MB WAY approval window (240 s). */
const MBWAY_WINDOW_ENDS: DemoStep = { kind: 'wait', seconds: 300 };
/** Past the order's expiry (1800 s). */
const ORDER_EXPIRES: DemoStep = { kind: 'wait', seconds: 1900 };
const STATUS: DemoStep = { kind: 'status' };

const mbway = (phone: string, ...after: DemoStep[]): DemoStep[] => [{ kind: 'mbway', phone }, ...after, STATUS];

/** The Variant B methods that answer an actionResponse (docs/simulator.md). */
const WITH_ACTION = ['CARD', 'PAY_BY_LINK', 'BLIK', 'XPAY', 'IDEL', 'BNCT', 'CRTB', 'BIZM'];

const SHOPPERS = [
  'Ana Silva',
  'João Pereira',
  'Marta Costa',
  'Rui Almeida',
  'Inês Ferreira',
  'Tiago Santos',
  'Sofia Rodrigues',
  'Pedro Martins',
];
const PRODUCTS = [
  'Ceramic mug set',
  'Cork notebook',
  'Olive oil 750 ml',
  'Wool blanket',
  'Sardine tin gift box',
  'Linen tea towels',
  'Tile coaster set',
  'Port wine 20 years',
];

/** Every Variant A flow the tour talks about, and every status, at least once. */
function variantAStories(): Array<Omit<DemoStory, 'atMinute' | 'shopper' | 'description'>> {
  return [
    { variant: 'A', paymentMethod: ['MBWAY'], amount: 12.5, steps: mbway('351#912345678', SHOPPER_ANSWERS) },
    { variant: 'A', paymentMethod: ['MBWAY'], amount: 31.9, steps: mbway('351#912345500', SHOPPER_ANSWERS) },
    {
      variant: 'A',
      paymentMethod: ['REFERENCE'],
      amount: 45,
      steps: [{ kind: 'reference' }, { kind: 'complete', paymentStatus: 'Success' }, STATUS],
    },
    {
      variant: 'A',
      paymentMethod: ['MBWAY', 'REFERENCE'],
      amount: 8.75,
      steps: mbway('351#912345408', MBWAY_WINDOW_ENDS),
    },
    { variant: 'A', paymentMethod: ['MBWAY'], amount: 19.99, steps: mbway('351#912345501', SHOPPER_ANSWERS) },
    {
      variant: 'A',
      paymentMethod: ['REFERENCE'],
      amount: 6.13,
      steps: [{ kind: 'reference' }, SHOPPER_ANSWERS, STATUS],
    },
    { variant: 'A', paymentMethod: ['REFERENCE', 'CARD', 'MBWAY'], amount: 27.4, steps: [ORDER_EXPIRES, STATUS] },
    { variant: 'A', paymentMethod: ['MBWAY'], amount: 64.2, steps: mbway('351#912345113', SHOPPER_ANSWERS) },
    {
      variant: 'A',
      paymentMethod: ['CARD'],
      amount: 89,
      steps: [{ kind: 'complete', paymentStatus: 'Success' }, STATUS],
    },
    {
      variant: 'A',
      paymentMethod: ['REFERENCE'],
      amount: 6.12,
      steps: [{ kind: 'reference' }, { kind: 'wait', seconds: 120 }, STATUS],
    },
    { variant: 'A', paymentMethod: ['MBWAY'], amount: 15.3, steps: mbway('351#912345506') },
    {
      variant: 'A',
      paymentMethod: ['CARD'],
      amount: 120,
      steps: [{ kind: 'complete', paymentStatus: 'Error' }, STATUS],
    },
    { variant: 'A', paymentMethod: ['REFERENCE', 'MBWAY'], amount: 9.99, steps: [STATUS, STATUS] },
    {
      variant: 'A',
      paymentMethod: ['CARD', 'MBWAY'],
      amount: 54.6,
      steps: [{ kind: 'complete', paymentStatus: 'InProcessing' }, STATUS],
    },
    // A 503 on create: the error the tour explains, with its suggested action.
    { variant: 'A', paymentMethod: ['MBWAY'], amount: 5.03, steps: [] },
  ];
}

/** Every Variant B method once; those with an extra step go through it, the others are settled. */
function variantBStories(): Array<Omit<DemoStory, 'atMinute' | 'shopper' | 'description'>> {
  const codes = ['CARD', 'TOKEN', 'PAY_BY_LINK', 'BLIK', 'XPAY', 'IDEL', 'BNCT', 'SPDD', 'CRTB', 'MBWY', 'BIZM'];
  return codes.map((code, index) => {
    const amount = 10 + index * 7.25;
    // The card's issuer asks for 3-D Secure: the order is Partial (with the actionResponse) until the
    // shopper's browser goes through that extra step (docs/gateway-behaviour.md).
    if (code === 'CARD')
      return {
        variant: 'B' as const,
        paymentMethod: [code],
        amount,
        steps: [
          { kind: 'complete', paymentStatus: 'Partial' } as DemoStep,
          STATUS,
          { kind: 'action', outcome: 'Success' } as DemoStep,
          STATUS,
        ],
      };
    if (WITH_ACTION.includes(code))
      return {
        variant: 'B' as const,
        paymentMethod: [code],
        amount,
        steps: [{ kind: 'action', outcome: index % 4 === 3 ? 'Declined' : 'Success' } as DemoStep, STATUS],
      };
    const settled: DemoStep = {
      kind: 'complete',
      paymentStatus: code === 'SPDD' ? 'InProcessing' : 'Success',
    };
    return { variant: 'B' as const, paymentMethod: [code], amount, steps: [settled, STATUS] };
  });
}

/** Orders still waiting when the demo starts: an unpaid reference and an MB WAY request on the phone. */
const STILL_PENDING: Array<Omit<DemoStory, 'atMinute' | 'shopper' | 'description'>> = [
  { variant: 'A', paymentMethod: ['REFERENCE'], amount: 22.1, steps: [{ kind: 'reference' }, STATUS] },
  { variant: 'B', paymentMethod: ['MBWY', 'CARD'], amount: 17.8, steps: [STATUS] },
];

/** The whole story, oldest first; deterministic by construction (no clock, no randomness). */
export function demoStories(): DemoStory[] {
  const a = variantAStories();
  const b = variantBStories();
  // Interleave the variants so that both appear every week.
  const spread = Array.from({ length: Math.max(a.length, b.length) }, (_, i) => [a[i], b[i]])
    .flat()
    .filter((story) => story !== undefined);
  // Interleave the variants and spread them over 20 days, in shop hours (09:00–21:00).
  const stories: DemoStory[] = spread.map((story, index) => ({
    ...story,
    atMinute: Math.floor((index * 20 * DAY) / spread.length) + 9 * 60 + ((index * 137) % (12 * 60)),
    shopper: SHOPPERS[index % SHOPPERS.length]!,
    description: PRODUCTS[index % PRODUCTS.length]!,
  }));
  STILL_PENDING.forEach((story, index) =>
    stories.push({
      ...story,
      // Inside the order's 30-minute expiry at the demo's present, so they are still Pending there: the
      // simulator (and now History, which takes its notifications) would otherwise show them Expired.
      atMinute: DEMO_SPAN_MINUTES - 20 + index * 10,
      shopper: SHOPPERS[(spread.length + index) % SHOPPERS.length]!,
      description: PRODUCTS[(spread.length + index) % PRODUCTS.length]!,
    }),
  );
  return stories.sort((a, b) => a.atMinute - b.atMinute);
}
