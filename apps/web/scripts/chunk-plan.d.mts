// The types of chunk-plan.mjs, for vite.config.ts.
export declare const LARGE_SET: number;
export interface PlannedChunk {
  fileName: string;
  name?: string;
  type: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
  dynamicImports?: string[];
  modules?: Record<string, { renderedLength: number }>;
}
export declare function planChunks(output: PlannedChunk[], pageModules: string[]): Map<string, string>;
