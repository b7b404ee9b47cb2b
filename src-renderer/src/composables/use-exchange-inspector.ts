import { ref } from 'vue';

/**
 * Which Exchange (by id) the user asked to inspect. History and the transaction timeline only set it;
 * whichever inspector is mounted (the shared inspector drawer, or the plain raw view until then) shows it.
 */
const inspectedId = ref<string | null>(null);

export function useExchangeInspector() {
  return {
    inspectedId,
    open: (id: string) => {
      inspectedId.value = id;
    },
    close: () => {
      inspectedId.value = null;
    },
  };
}
