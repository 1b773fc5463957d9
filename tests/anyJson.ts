/**
 * A response body as a test reads it: JSON of whatever shape the call answered, so a test names the fields it
 * asserts on without a cast. Those assertions check the shape, and the contract suite checks it against openapi.yaml.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the tests' assertions are what check the fields read
export type AnyJson = any;
