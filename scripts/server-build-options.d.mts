import type { BuildOptions } from 'esbuild';

export const serverEntries: Record<string, string>;
export const serverBuildOptions: BuildOptions;
