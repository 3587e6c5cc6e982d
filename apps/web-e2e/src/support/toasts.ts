import type { Locator, Page } from 'playwright-core';
import { visible } from './steps';

const NOTICE = '.ant-message-notice';

/**
 * antd's toasts stay 3 s. Rather than waiting earlier ones out before each action, the toasts on screen are
 * marked as seen when the action starts, and the check that follows looks only at toasts raised after it.
 */
export class Toasts {
  constructor(private readonly page: Page) {}

  /** Clicks once the toasts on screen are marked as seen: the next `expect` waits for this click's own. */
  async click(target: Locator): Promise<void> {
    await this.page
      .locator(NOTICE)
      .evaluateAll((notices) => notices.forEach((notice) => notice.setAttribute('data-seen', '')));
    await target.click();
  }

  /** A toast raised since the last `click`, once its entrance is over (so a screenshot shows it). */
  async expect(text: string): Promise<void> {
    const notice = this.page.locator(`${NOTICE}:not([data-seen])`).filter({ hasText: text }).first();
    await visible(notice);
    await notice.evaluate((element) =>
      Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished)),
    );
  }
}
