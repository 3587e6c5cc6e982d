/** What the channel drawer is open for: a new channel or a stored one. */
export type ChannelEditorTarget = { kind: 'add' } | { kind: 'edit'; id: number };
