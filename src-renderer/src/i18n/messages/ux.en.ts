/** Issue 27 (everyone): the host's connection, keyboard focus after self-removing buttons, the Inspector's search. */
const ux = {
  hostDisconnectedTitle: 'Host disconnected',
  hostDisconnected:
    'The console host stopped answering. Start it again with `npm start`; if it comes back at this address, this page reconnects by itself.',
  hostRestartedTitle: 'The console restarted',
  hostRestarted:
    'The console restarted — open the new address it printed. This tab belongs to the previous run and can no longer reach it.',
  newOrderShortcut: 'Start a new order (on the Orders screen)',
  inspectorSearch: 'Search exchanges',
  inspectorTransactionFilter: 'Filter by transaction',
  inspectorAllTransactions: 'All transactions',
  inspectorClear: 'Clear list',
  inspectorClearHint: 'Empties this list from now on. History keeps every exchange.',
  inspectorNoMatch: 'No listed exchange matches “{query}”.',
  inspectorList: 'Listed exchanges',
};

export default ux;
