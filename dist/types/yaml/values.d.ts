export interface ValueAt {
    line: number;
    column: number;
    /** The scalar as written. */
    raw: string;
}
export declare function findValue(text: string, path: readonly string[]): ValueAt | undefined;
