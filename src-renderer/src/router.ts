import { createRouter, createWebHashHistory, type Router, type RouteRecordRaw } from 'vue-router';

/** The console's areas, in navigation order. Each area's view lives in features/<area>/; its label is `nav.<name>`. */
export const areas = [
  { path: '/orders', name: 'orders', component: () => import('./features/orders/OrdersView.vue') },
  {
    path: '/history',
    name: 'history',
    component: () => import('./features/history/HistoryView.vue'),
  },
  { path: '/support', name: 'support', component: () => import('./features/support/SupportView.vue') },
  {
    path: '/notifications',
    name: 'notifications',
    component: () => import('./features/notifications/NotificationsView.vue'),
  },
  {
    path: '/profiles',
    name: 'profiles',
    component: () => import('./features/profiles/ProfilesView.vue'),
  },
  {
    path: '/simulator',
    name: 'simulator',
    component: () => import('./features/simulator/SimulatorView.vue'),
  },
  { path: '/traffic', name: 'traffic', component: () => import('./features/shop/TrafficView.vue') },
  { path: '/demo', name: 'demo', component: () => import('./features/demo/DemoView.vue') },
  { path: '/scenarios', name: 'scenarios', component: () => import('./features/qa/ScenariosView.vue') },
  {
    path: '/settings',
    name: 'settings',
    component: () => import('./features/settings/SettingsView.vue'),
  },
] as const;

const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/orders' },
  ...areas.map(({ path, name, component }) => ({ path, name, component })),
  // One transaction's timeline (opened from History); not a navigation area of its own.
  {
    path: '/history/:key',
    name: 'transaction',
    component: () => import('./features/transaction/TransactionView.vue'),
  },
  { path: '/:unknown(.*)*', redirect: '/orders' },
];

// Hash history: the same URLs work from the browser-mode host and from Electron's app:// origin.
export const createConsoleRouter = () => createRouter({ history: createWebHashHistory(), routes });

/**
 * The router hears address changes only once its first navigation is done (its first screen's code has
 * come), and the shell shows before that. A place asked for meanwhile (a link followed, an address typed)
 * is heard here, on the router's own history, and taken up then, instead of being overwritten by the
 * start-up redirect to Orders.
 */
export function keepPlaceAskedWhileStarting(router: Router): void {
  let asked: string | null = null;
  const stopListening = router.options.history.listen((to) => (asked = to));
  void router
    .isReady()
    .catch(() => undefined)
    .then(() => {
      stopListening();
      if (asked !== null && asked !== router.currentRoute.value.fullPath) void router.replace(asked);
    });
}
