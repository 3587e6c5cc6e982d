// The root package.json is not an Nx project, so it is read through Vite's glob rather than imported.
const rootPackage = Object.values(
  import.meta.glob<{ repository?: unknown }>('../../../../../../package.json', {
    eager: true,
    import: 'default',
  }),
)[0];

/** A GitHub repository, `owner/name`. */
export type ReleaseRepository = `${string}/${string}`;

export interface LatestRelease {
  tag: string;
  url: string;
}

/** Why the latest release is not known: no network path, no release yet, or GitHub said no (rate limit). */
export class ReleaseCheckError extends Error {
  constructor(
    readonly reason: 'unreachable' | 'no-release' | 'refused',
    readonly status?: number,
  ) {
    super(reason);
  }
}

const CHECK_TIMEOUT_MS = 10_000;

/**
 * The GitHub repository named by the root package.json's "repository" field ("owner/name", "github:owner/name",
 * a github.com URL, or { url }), or null when it names none.
 */
export function releaseRepository(field: unknown = rootPackage?.repository): ReleaseRepository | null {
  const text =
    typeof field === 'string'
      ? field
      : typeof field === 'object' && field !== null && 'url' in field && typeof field.url === 'string'
        ? field.url
        : '';
  const match =
    /^(?:github:)?([\w.-]+)\/([\w.-]+)$/.exec(text) ??
    /github\.com[/:]([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/.exec(text);
  return match ? `${match[1]}/${match[2]}` : null;
}

export const latestReleaseUrl = (repository: ReleaseRepository): string =>
  `https://api.github.com/repos/${repository}/releases/latest`;

/** The latest published release, asked of GitHub from the browser. */
export async function fetchLatestRelease(repository: ReleaseRepository): Promise<LatestRelease> {
  let response: Response;
  try {
    response = await fetch(latestReleaseUrl(repository), {
      headers: { Accept: 'application/vnd.github+json' },
      signal: AbortSignal.timeout(CHECK_TIMEOUT_MS),
    });
  } catch {
    // fetch rejects only when no answer came back: offline, DNS, blocked, or our timeout.
    throw new ReleaseCheckError('unreachable');
  }
  if (response.status === 404) throw new ReleaseCheckError('no-release');
  if (!response.ok) throw new ReleaseCheckError('refused', response.status);
  const body = (await response.json()) as { tag_name?: string; html_url?: string };
  if (!body.tag_name) throw new ReleaseCheckError('no-release');
  return { tag: body.tag_name, url: body.html_url ?? `https://github.com/${repository}/releases` };
}

const versionParts = (version: string): number[] =>
  version
    .replace(/^v/i, '')
    .split(/[-+]/)[0]
    .split('.')
    .map((part) => Number.parseInt(part, 10) || 0);

/** -1, 0 or 1 as `a` is older than, the same as or newer than `b` (major.minor.patch; a leading v ignored). */
export function compareVersions(a: string, b: string): number {
  const [left, right] = [versionParts(a), versionParts(b)];
  for (let index = 0; index < Math.max(left.length, right.length); index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return Math.sign(difference);
  }
  return 0;
}
