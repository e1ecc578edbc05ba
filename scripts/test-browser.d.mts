export const executablePath: string | undefined;
export const BASE_ARGS: readonly string[];
export const WASM_BASELINE_ONLY: string;
export const TEST_BROWSER_ARGS: string[];
export function testBrowserEnv(
  env?: Record<string, string | undefined>,
): Record<string, string | undefined>;
