export interface WrapperInfo {
    /** The wrapper is one valid YAML mapping (otherwise the whole document takes the general path). */
    valid: boolean;
    /** Whether its kind makes locateSplits treat `items` as objects (`List` or any `*List`). */
    isList: boolean;
}
export declare function inspectListWrapper(text: string): WrapperInfo;
