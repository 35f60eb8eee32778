export declare function repoKustomizations(files: readonly string[]): Promise<string[]>;
