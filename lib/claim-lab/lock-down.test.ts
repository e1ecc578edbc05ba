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
        return 'forged answer';
      }
      performance() {
        return 'kept';
      }
    }
    const scope = new FakeWorkerScope() as unknown as Record<string, unknown>;
    const post = (scope.postMessage as () => string).bind(scope);
    expect(lockDownScope(scope).sort()).toEqual(['fetch', 'indexedDB', 'postMessage']);
    expect(post()).toBe('forged answer'); // a copy taken before the lock still works
    expect(scope.indexedDB).toBeUndefined();
    expect(scope.fetch).toBeUndefined();
    expect(scope.postMessage).toBeUndefined();
    expect(typeof scope.performance).toBe('function');
    // Reaching past the instance finds nothing either.
    expect(Object.getOwnPropertyDescriptor(FakeWorkerScope.prototype, 'indexedDB')).toBeUndefined();
    expect(() => {
      scope.fetch = () => 'again';
    }).toThrow();
  });
});
