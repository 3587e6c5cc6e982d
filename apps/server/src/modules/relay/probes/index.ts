// What channel operations (tests, model lists, balances) use of the relay: one door, so the relay's rooms can
// be rearranged without touching channel-ops.
export { ChannelProbe, type ProbeRequest, type ProbeResult } from './channel-probe';
export { resolvedBaseUrl, storedTarget, testSelection } from './channel-target';
export { callJson, OPS_TIMEOUT_MS, UpstreamCallError } from './upstream-call';
export { type Selection } from '../routing/channel-selector';
export { type ChannelTarget } from '../providers/upstream-adapter';
export { disableReason, parseDisableKeywords, shouldAutoDisable } from '../upstream/auto-disable';
export { redactSecrets } from '../upstream/secrets';
export { newRequestId } from '../errors/request-id';
