import { describe, expect, it } from 'vitest';
import { lockDownScope } from './lock-down';

describe('lockDownScope', () => {
  it('hides storage and network globals defined as prototype getters, and keeps the rest', () => {
    class FakeWorkerScope {
      get indexedDB() {
        return { open: () => 'stored data' };
      }
      fetch() {
        return 'network';
      }
      postMessage() {
        return 'kept';
      }
    }
    const scope = new FakeWorkerScope() as unknown as Record<string, unknown>;
    expect(lockDownScope(scope).sort()).toEqual(['fetch', 'indexedDB']);
    expect(scope.indexedDB).toBeUndefined();
    expect(scope.fetch).toBeUndefined();
    expect(typeof scope.postMessage).toBe('function');
    // Reaching past the instance finds nothing either.
    expect(Object.getOwnPropertyDescriptor(FakeWorkerScope.prototype, 'indexedDB')).toBeUndefined();
    expect(() => {
      scope.fetch = () => 'again';
    }).toThrow();
  });
});
