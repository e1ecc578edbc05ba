export function startStaticServer(
  port: number,
  env?: Record<string, string | undefined>,
): Promise<{ base: string; stop: () => Promise<void> }>;
