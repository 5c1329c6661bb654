// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parsePointer, parsePointerDocument } from './pointer.ts';

describe('parsePointer', () => {
  it('keeps well-formed remotes and drops the rest, so one bad entry cannot break the others', () => {
    const pointer = parsePointer({
      remotes: {
        marketing: { entry: 'http://localhost:5174/remoteEntry.js', version: '1.2.0' },
        generator: { entry: 'javascript:alert(1)', version: '1' },
        billing: { entry: 'http://localhost:5176/remoteEntry.js' },
        intruder: { entry: 'http://evil.test/remoteEntry.js', version: '1' },
      },
    });
    expect(pointer).toEqual({ marketing: { entry: 'http://localhost:5174/remoteEntry.js', version: '1.2.0' } });
  });

  it('gives an empty pointer for a document that is not one', () => {
    expect(parsePointer(null)).toEqual({});
    expect(parsePointer({ remotes: 'nope' })).toEqual({});
  });

  it('keeps a valid canary and the releases base, and drops a canary whose share is out of range', () => {
    const pointer = parsePointer({
      remotes: {
        billing: {
          entry: 'http://localhost:5176/releases/1.0.0/remoteEntry.js',
          version: '1.0.0',
          releases: 'http://localhost:5176/releases/',
          canary: { entry: 'http://localhost:5176/releases/1.1.0/remoteEntry.js', version: '1.1.0', percent: 25 },
        },
        marketing: {
          entry: 'http://localhost:5174/remoteEntry.js',
          version: 'local',
          canary: { entry: 'http://localhost:5174/releases/2.0.0/remoteEntry.js', version: '2.0.0', percent: 100 },
        },
      },
    });
    expect(pointer.billing?.canary).toEqual({ entry: 'http://localhost:5176/releases/1.1.0/remoteEntry.js', version: '1.1.0', percent: 25 });
    expect(pointer.billing?.releases).toBe('http://localhost:5176/releases/');
    expect(pointer.marketing?.canary).toBeUndefined();
  });

  it('reads the override allow list, keeping only http(s) origins', () => {
    expect(parsePointerDocument({ remotes: {}, overrides: { allowedOrigins: ['http://localhost:5176', 'javascript:x', 3] } }).allowedOverrideOrigins).toEqual([
      'http://localhost:5176',
    ]);
    expect(parsePointerDocument({ remotes: {} }).allowedOverrideOrigins).toEqual([]);
  });
});
