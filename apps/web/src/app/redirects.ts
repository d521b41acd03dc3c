/**
 * Where an unknown path goes (spec section 2): the domain's rule, which the server applies to a
 * first request too (docs/decisions/005-unknown-paths.md).
 */
export { redirectFor } from '@hotel/domain';
