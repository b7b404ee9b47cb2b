/**
 * Injected into the built app by history-scroll.bench.ts: seeds the app's own IndexedDB with valid
 * history rows (raw IndexedDB API, no app code) and records frame times and long tasks.
 */
const STATUSES = ['Pending', 'Success', 'Declined', 'InProcessing', 'Timeout'];

function seed(count: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open('gateway-console-history');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const tx = db.transaction('transactions', 'readwrite');
      const store = tx.objectStore('transactions');
      const t0 = Date.UTC(2026, 0, 1);
      for (let i = 0; i < count; i++) {
        const key = `s2tx${String(i).padStart(16, '0')}`;
        const status = STATUSES[i % STATUSES.length]!;
        store.put({
          key,
          transactionId: key,
          merchantTransactionId: `order-${i}`,
          profileId: 'sandbox-a',
          profileName: 'Sandbox · Variant A',
          environment: 'sandbox',
          variant: 'A',
          amount: (i % 1000) + 0.5,
          currency: 'EUR',
          methods: ['MBWAY', 'REFERENCE'],
          paymentStatus: status,
          statusKey: status,
          returnStatus: { statusCode: '000', statusMsg: 'Success' },
          expiry: null,
          createdAt: t0 + i * 1000,
          updatedAt: t0 + i * 1000,
          reference: i % 3 === 0 ? String(100_000_000 + i) : null,
          referenceEntity: null,
          maskedPhone: null,
          source: 'created',
        });
      }
      tx.oncomplete = () => {
        db.close();
        resolve();
      };
      tx.onerror = () => reject(tx.error);
    };
  });
}

let frameTimes: number[] = [];
const longTasks: number[] = [];

/** Starts recording the duration of every frame and every long task. */
function startProbe(): void {
  let last = performance.now();
  const tick = (now: number) => {
    frameTimes.push(now - last);
    last = now;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(Math.round(entry.duration));
  }).observe({ type: 'longtask' });
}

/** Frame durations since the last call (the first, partial frame left out). */
function takeFrames(): number[] {
  const taken = frameTimes.slice(1);
  frameTimes = [];
  return taken;
}

const longestTasks = () => [...longTasks].sort((a, b) => b - a).slice(0, 5);

Object.assign(window, { scrollProbe: { seed, startProbe, takeFrames, longestTasks } });

// A module, so its names stay out of the page's global scope.
export {};
