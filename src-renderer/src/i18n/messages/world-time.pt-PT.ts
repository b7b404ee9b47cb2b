import type worldTimeEn from './world-time.en';
import type { SameKeys } from './shape';

/** O rótulo junto a uma hora no relógio do gateway (do mundo), não na hora real. Em `worldTime` no pt-PT.ts. */
const worldTimePt: SameKeys<typeof worldTimeEn> = {
  sandbox: 'Hora da Sandbox, {offset}',
  gateway: 'Hora do gateway, {offset}',
  explain:
    'As horas desta transação estão no relógio do gateway, que está {offset} em relação à hora real (lido do cabeçalho Date das respostas).',
};

export default worldTimePt;
