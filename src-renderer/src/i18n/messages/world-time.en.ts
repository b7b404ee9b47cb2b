/** The label next to a time that is on a gateway's (world's) clock, not real time. Spread as `worldTime`. */
const worldTime = {
  /** A Sandbox / simulator world whose clock was moved. */
  sandbox: 'Sandbox time, {offset}',
  /** Any other gateway whose Date header is away from this machine's clock. */
  gateway: 'Gateway time, {offset}',
  /** The tooltip saying what the label means. */
  explain:
    'Times for this transaction are on its gateway’s clock, which is {offset} from real time (read from the answers’ Date header).',
};

export default worldTime;
