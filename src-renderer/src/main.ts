import { createPinia } from 'pinia';
import { createApp } from 'vue';
import App from './App.vue';
import './components/global.css';
import { i18n, setLocale } from './i18n';
import { initialLocale } from './i18n/locales';
import { createConsoleRouter, keepPlaceAskedWhileStarting } from './router';

const router = createConsoleRouter();
const app = createApp(App).use(createPinia()).use(i18n).use(router);
keepPlaceAskedWhileStarting(router);
// The first paint is already in the user's language: its catalogue is fetched before mounting. If it
// cannot be fetched the console still opens, in English.
void setLocale(initialLocale())
  .catch(() => undefined)
  .then(() => app.mount('#app'));
