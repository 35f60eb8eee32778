export declare class Spool {
    private fd;
    private memory;
    size: number;
    write(bytes: Uint8Array): void;
    /** Calls `each` with the spooled bytes in order, in views of one reused buffer. */
    readBack(each: (bytes: Buffer, offset: number) => void): void;
    /** Everything spooled, in one buffer (the general path needs the whole document). */
    readAll(): Buffer;
    close(): void;
    private open;
}
