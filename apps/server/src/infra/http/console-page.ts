/**
 * The root's additions to every console page (Other settings: custom head HTML, global CSS, global JS). Only the
 * super administrator can write them and they are meant to run on the page, so they go in as written.
 */
export interface ConsolePageAdditions {
  headHtml: string;
  css: string;
  js: string;
}

/**
 * A `</style` or `</script` inside the text would end its element early and spill the rest into the page as
 * markup; `<\/` means the same to CSS and JavaScript and keeps the element whole.
 */
const keepInside = (text: string, tag: 'style' | 'script'): string =>
  text.replace(new RegExp(`</(${tag})`, 'gi'), '<\\/$1');

/** `addition` just before `marker` (the first or last one), or at the `fallback` end without it. */
function insertAt(
  html: string,
  marker: string,
  addition: string,
  which: 'first' | 'last',
  fallback: 'start' | 'end',
): string {
  const lower = html.toLowerCase();
  const at = which === 'first' ? lower.indexOf(marker) : lower.lastIndexOf(marker);
  if (at < 0) return fallback === 'start' ? `${addition}${html}` : `${html}${addition}`;
  return `${html.slice(0, at)}${addition}${html.slice(at)}`;
}

/**
 * index.html with the additions: head HTML and the CSS at the end of <head> (after the console's own styles, so
 * they win), the JavaScript at the end of <body>. Nothing from the request goes into the page.
 */
export function renderConsolePage(template: string, additions: ConsolePageAdditions): string {
  const head = [
    additions.headHtml,
    additions.css && `<style>${keepInside(additions.css, 'style')}</style>`,
  ].filter(Boolean);
  let html = template;
  if (head.length > 0) html = insertAt(html, '</head>', `${head.join('\n')}\n`, 'first', 'start');
  if (additions.js)
    html = insertAt(
      html,
      '</body>',
      `<script>${keepInside(additions.js, 'script')}</script>\n`,
      'last',
      'end',
    );
  return html;
}

/**
 * The rendered page, rebuilt only when an addition changed. The options cache behind `read` follows every
 * change on any replica within a second, so comparing with the values the page was built from is enough.
 */
export class ConsolePageCache {
  private built: { additions: ConsolePageAdditions; html: string } | null = null;

  constructor(
    private readonly template: string,
    private readonly read: () => ConsolePageAdditions,
  ) {}

  html(): string {
    const additions = this.read();
    const built = this.built;
    if (
      built &&
      built.additions.headHtml === additions.headHtml &&
      built.additions.css === additions.css &&
      built.additions.js === additions.js
    )
      return built.html;
    const html = renderConsolePage(this.template, additions);
    this.built = { additions, html };
    return html;
  }
}
