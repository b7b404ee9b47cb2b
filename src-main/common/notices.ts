import type { AppNotice } from '@shared/contract/app';
import { englishOf } from '@shared/console-text';
import type { FailureMessage } from '@shared/result';
import type { EventBus } from './event-bus';

/**
 * What main has to tell the user (a signature file that could not be decrypted, …). Kept for the
 * whole run because most arise at start-up, before any window listens: the renderer reads the list
 * (`app.notices`) when it connects and follows `app.notice` from then on.
 */
export class Notices {
  private readonly raised: AppNotice[] = [];

  constructor(private readonly events: EventBus) {}

  /** A registered text travels by id (the renderer words it); a plain string is outside text, shown as it is. */
  raise(level: AppNotice['level'], message: FailureMessage): void {
    const notice: AppNotice =
      typeof message === 'string' ? { level, message } : { level, message: englishOf(message), text: message };
    this.raised.push(notice);
    this.events.emit('app.notice', notice);
  }

  all(): AppNotice[] {
    return [...this.raised];
  }
}
