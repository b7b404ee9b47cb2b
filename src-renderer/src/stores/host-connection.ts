import { defineStore } from 'pinia';
import { ref } from 'vue';
import { onHostConnection, type HostConnection } from '../api';

/** The page's link to the console host, as the transport last saw it (see `HostConnection`). */
export const useHostConnectionStore = defineStore('host-connection', () => {
  const state = ref<HostConnection>('connected');
  let started = false;
  function start(): void {
    if (started) return;
    started = true;
    onHostConnection((next) => {
      state.value = next;
    });
  }
  return { state, start };
});
