// snappyjs ships no types: the two functions the remote-write decoder and its tests use.
declare module 'snappyjs' {
  export function uncompress<T extends Uint8Array>(compressed: T, maxLength?: number): T;
  export function compress<T extends Uint8Array>(uncompressed: T): T;
}
