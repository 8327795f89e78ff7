export declare const BUILD_OUTPUTS: ReadonlyArray<{ workspace: string; output: string }>;
