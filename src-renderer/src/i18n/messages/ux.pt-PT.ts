import type uxEn from './ux.en';
import type { SameKeys } from './shape';

/** Issue 27 (todos), em português europeu. */
const uxPt: SameKeys<typeof uxEn> = {
  hostDisconnectedTitle: 'Anfitrião desligado',
  hostDisconnected:
    'O anfitrião da consola deixou de responder. Inicie-o de novo com `npm start`; se voltar neste endereço, esta página volta a ligar-se sozinha.',
  hostRestartedTitle: 'A consola reiniciou',
  hostRestarted:
    'A consola reiniciou — abra o novo endereço que ela indicou. Este separador pertence à execução anterior e já não a consegue contactar.',
  newOrderShortcut: 'Começar uma nova encomenda (no ecrã Encomendas)',
  inspectorSearch: 'Pesquisar trocas',
  inspectorTransactionFilter: 'Filtrar por transação',
  inspectorAllTransactions: 'Todas as transações',
  inspectorClear: 'Limpar lista',
  inspectorClearHint: 'Esvazia esta lista a partir de agora. O Histórico guarda todas as trocas.',
  inspectorNoMatch: 'Nenhuma troca listada corresponde a “{query}”.',
  inspectorList: 'Trocas listadas',
};

export default uxPt;
