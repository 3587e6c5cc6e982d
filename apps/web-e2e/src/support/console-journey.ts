import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from './browser';
import { type RunningServer, startServer } from './server';
import { ROOT, completeSetup, openSignedIn } from './session';

/**
 * A fresh server set up with the root account, and a browser whose pages are watched for script
 * errors (a journey ends by checking `pageErrors` is empty).
 */
export class ConsoleJourney {
  readonly pageErrors: string[] = [];

  private constructor(
    private readonly server: RunningServer,
    private readonly browser: Browser,
  ) {}

  static async start(): Promise<ConsoleJourney> {
    const server = await startServer();
    try {
      await completeSetup(server.baseUrl);
      return new ConsoleJourney(server, await launchBrowser());
    } catch (error) {
      await server.stop();
      throw error;
    }
  }

  get baseUrl(): string {
    return this.server.baseUrl;
  }

  /** A desktop-sized page in Chinese (so spec messages read verbatim), in a session of its own, signed in. */
  async signedInPage(user = ROOT): Promise<Page> {
    const context = await this.browser.newContext({
      locale: 'zh-CN',
      viewport: { width: 1440, height: 900 },
    });
    // Copy buttons are checked by reading the clipboard back.
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: this.baseUrl });
    const page = await context.newPage();
    page.on('pageerror', (error) => this.pageErrors.push(error.message));
    await openSignedIn(page, this.baseUrl, user);
    return page;
  }

  async stop(): Promise<void> {
    await this.browser.close();
    await this.server.stop();
  }
}
