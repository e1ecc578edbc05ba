'use client';

import { useEffect } from 'react';

/** Registers the service worker that keeps loaded pages working offline (production only). */
export function OfflineSupport() {
  useEffect(() => {
    if (process.env.NODE_ENV !== 'production' || !('serviceWorker' in navigator)) return;
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch(() => {
      // Without a service worker the app still works online; nothing to tell the learner.
    });
  }, []);
  return null;
}
