// Undo actions registered as resources are created, run once in reverse order (also on Ctrl-C).
export class Cleanup {
  private readonly actions: Array<{ name: string; run: () => Promise<unknown> }> = [];

  add(name: string, run: () => Promise<unknown>): void {
    this.actions.push({ name, run });
  }

  async runAll(): Promise<void> {
    for (let action = this.actions.pop(); action; action = this.actions.pop()) {
      try {
        await action.run();
      } catch (error) {
        console.error(`cleanup: ${action.name} failed:`, error);
      }
    }
  }
}
