export declare class FileReader {
    private buf;
    /** The file's bytes, as a view of a buffer that the next read() reuses. */
    read(path: string): Buffer;
}
