export declare function chartValuesFile(templateFile: string): string | undefined;
