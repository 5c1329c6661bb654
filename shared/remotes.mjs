// Moved to the contract package; this entry stays until the last importers move (the API's release modules).
export { PORTS, REMOTE_NAMES } from '@reelmint/contract/remotes';
