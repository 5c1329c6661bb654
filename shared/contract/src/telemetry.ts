/**
 * The limits of a telemetry report (what the shell tells the API about each remote version), as plain values with
 * no schema code, so the shell's browser bundle can check its events against the same rules the API validates
 * with: release-api's `telemetryReport` is built from these. Server-safe.
 */

export const TELEMETRY_PATH = '/api/telemetry/remotes';

/** What a visitor's browser saw of a remote version: a load (with its time), a failed load, a fallback, an error. */
export const TELEMETRY_KINDS = ['load', 'load-error', 'fallback', 'render-error', 'uncaught-error'] as const;
export type TelemetryKind = (typeof TELEMETRY_KINDS)[number];

/** A page sends a few events at a time; a report beyond these is not from the shell. */
export const TELEMETRY_MAX_EVENTS = 50;

/** A load that took over ten minutes is not a measurement. */
export const TELEMETRY_MAX_MS = 600_000;

/** A reason code or an error class name: letters, digits and a few separators, never free text. */
export const TELEMETRY_DETAIL = /^[A-Za-z0-9_.:$-]{1,60}$/;

/** The screen's path without language or query. */
export const TELEMETRY_ROUTE = /^\/[A-Za-z0-9/_-]{0,99}$/;
