/** One entry of GET /api/user/self/groups (spec 001 §3 Group). */
export interface UsableGroup {
  desc: string;
  ratio: number;
}

/** GET /api/user/self/groups: group name → description and price ratio, for groups the caller may use. */
export type UsableGroups = Record<string, UsableGroup>;
