import type { AppNotice } from '@shared/contract/app';
import type { EventBus } from './event-bus';

/**
 * What main has to tell the user (a signature file that could not be decrypted, …). Kept for the
 * whole run because most arise at start-up, before any window listens: the renderer reads the list
 * (`app.notices`) when it connects and follows `app.notice` from then on.
 */
export class Notices {
  private readonly raised: AppNotice[] = [];

  constructor(private readonly events: EventBus) {}

  raise(level: AppNotice['level'], message: string): void {
    const notice = { level, message };
    this.raised.push(notice);
    this.events.emit('app.notice', notice);
  }

  all(): AppNotice[] {
    return [...this.raised];
  }
}
