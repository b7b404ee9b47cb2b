/**
 * The guided tour, as data: each step names what it highlights on the tour stage, its text in the
 * catalogue (`demo.tour.steps.<id>`), and what happens before it is shown. Steps that need the
 * simulator (the shopper's part, the clock) say so; on a real test profile they become manual steps
 * with the status poll running. A step marked `flowStart` is where a paused tour resumes.
 */
export type StageTarget = 'stage' | 'request' | 'response' | 'exchange' | 'notification' | 'diagram' | 'code';

export type TourAction =
  | { kind: 'none' }
  | { kind: 'create'; variant: 'A' | 'B'; methods: string[]; amount?: number }
  | { kind: 'mbway'; sandboxPhone: string }
  | { kind: 'reference' }
  | { kind: 'action' }
  | { kind: 'status' }
  /** The shopper's part: the simulator plays it on the Sandbox, a person does it on a test profile. */
  | { kind: 'shopper'; manual: 'approve' | 'decline' | 'pay'; sandbox: 'clock' | 'pay' }
  /** An error the spec describes: a magic amount on the Sandbox, an unknown transaction elsewhere. */
  | { kind: 'error' };

export interface TourStep {
  id: string;
  target: StageTarget;
  actions: TourAction[];
  flowStart?: boolean;
}

export const TOUR_STEPS: readonly TourStep[] = [
  { id: 'intro', target: 'stage', actions: [], flowStart: true },
  {
    id: 'aCreate',
    target: 'request',
    actions: [{ kind: 'create', variant: 'A', methods: ['MBWAY'] }],
    flowStart: true,
  },
  { id: 'aCreated', target: 'response', actions: [] },
  { id: 'mbwayRequest', target: 'exchange', actions: [{ kind: 'mbway', sandboxPhone: '351#912345678' }] },
  { id: 'mbwayApproved', target: 'notification', actions: [{ kind: 'shopper', manual: 'approve', sandbox: 'clock' }] },
  { id: 'status', target: 'exchange', actions: [{ kind: 'status' }] },
  { id: 'diagram', target: 'diagram', actions: [] },
  {
    id: 'mbwayDeclined',
    target: 'exchange',
    flowStart: true,
    actions: [
      { kind: 'create', variant: 'A', methods: ['MBWAY'], amount: 23.4 },
      { kind: 'mbway', sandboxPhone: '351#912345500' },
      { kind: 'shopper', manual: 'decline', sandbox: 'clock' },
      { kind: 'status' },
    ],
  },
  {
    id: 'referenceCreate',
    target: 'response',
    flowStart: true,
    actions: [{ kind: 'create', variant: 'A', methods: ['REFERENCE'], amount: 45 }, { kind: 'reference' }],
  },
  {
    id: 'referencePaid',
    target: 'exchange',
    actions: [{ kind: 'shopper', manual: 'pay', sandbox: 'pay' }, { kind: 'status' }],
  },
  {
    id: 'bCreate',
    target: 'response',
    flowStart: true,
    actions: [{ kind: 'create', variant: 'B', methods: ['CARD'] }],
  },
  { id: 'bAction', target: 'exchange', actions: [{ kind: 'action' }] },
  { id: 'error', target: 'response', flowStart: true, actions: [{ kind: 'error' }] },
  { id: 'code', target: 'code', actions: [] },
  { id: 'end', target: 'stage', actions: [] },
];

/** Where a tour paused at `index` starts again: the first step of its flow (later steps need its calls). */
export function resumeIndex(index: number): number {
  for (let i = Math.min(index, TOUR_STEPS.length - 1); i > 0; i--) if (TOUR_STEPS[i]!.flowStart) return i;
  return 0;
}

export const stageSelector = (target: StageTarget) => `#demo-${target}`;
