import { describe, expect, it } from 'vitest';
import { parsePointer } from './pointer.ts';

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
});
