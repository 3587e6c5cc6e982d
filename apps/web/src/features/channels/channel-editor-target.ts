import type { ChannelView } from '@tollgate/contracts';

/** What the channel drawer is open for: a new channel (maybe prefilled from a copied one) or a stored one. */
export type ChannelEditorTarget = { kind: 'add'; copyOf?: ChannelView } | { kind: 'edit'; id: number };
