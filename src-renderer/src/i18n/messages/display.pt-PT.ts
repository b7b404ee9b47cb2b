import type displayEn from './display.en';
import type { SameKeys } from './shape';

/** Palavras à volta dos valores (contagens, escolha de ficheiros, montantes mágicos). Em `display` no pt-PT.ts. */
const displayPt: SameKeys<typeof displayEn> = {
  expiresIn: 'expira dentro de {time}',
  days: '{n} dias',
  magic: {
    create: 'a criação responde {status}',
    firstStatus: 'a primeira consulta de estado responde {status}; as seguintes são normais',
  },
  checkCredentials: 'verifique as credenciais.',
  file: {
    choose: 'Escolher um ficheiro…',
    none: 'Nenhum ficheiro escolhido',
  },
};

export default displayPt;
