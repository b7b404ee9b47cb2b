// Real IndexedDB semantics for Dexie in happy-dom.
import 'fake-indexeddb/auto';
import { config } from '@vue/test-utils';
import { i18n, loadLocaleMessages, setLocale } from '../../src-renderer/src/i18n';

// Tests select by English labels: English whatever the machine's language, and every mounted
// component gets the app's i18n instance like main.ts gives it. The Portuguese catalogue is fetched
// up front, so a test switches language at once, as the app does once the catalogue is in.
await setLocale('en');
await loadLocaleMessages('pt-PT');
config.global.plugins = [...config.global.plugins, i18n];
