// A file of named typed arrays, written once at ingest and opened memory-mapped, so an index
// part of any size opens in microseconds and only the pages a search touches become resident.
//
// Layout: "MDBF" magic, u32 header length, the header as JSON ({meta, sections: {name:
// {type, offset, length}}}), then each section's bytes at an 8-byte aligned offset.
import { writeFileSync } from 'node:fs';

export type TypedArray = Uint8Array | Int8Array | Uint16Array | Int16Array | Uint32Array | Int32Array | Float32Array | Float64Array;

const CONSTRUCTORS = { Uint8Array, Int8Array, Uint16Array, Int16Array, Uint32Array, Int32Array, Float32Array, Float64Array };
type ArrayType = keyof typeof CONSTRUCTORS;

interface SectionEntry {
  type: ArrayType;
  /** Byte offset from the start of the file. */
  offset: number;
  /** Elements, not bytes. */
  length: number;
}

const MAGIC = 'MDBF';
const align = (n: number) => Math.ceil(n / 8) * 8;

export function writeBinaryFile(path: string, meta: unknown, sections: Record<string, TypedArray>): void {
  const names = Object.keys(sections);
  // The header records the sections' offsets, which depend on the header's size: reserve
  // room, lay out, and grow the reservation until the header fits in it.
  let reserved = 256;
  let entries: Record<string, SectionEntry> = {};
  for (;;) {
    let offset = align(8 + reserved);
    entries = {};
    for (const name of names) {
      const array = sections[name]!;
      entries[name] = { type: array.constructor.name as ArrayType, offset, length: array.length };
      offset = align(offset + array.byteLength);
    }
    const needed = Buffer.byteLength(JSON.stringify({ meta, sections: entries }));
    if (needed <= reserved) break;
    reserved = needed + 64;
  }
  const header = Buffer.from(JSON.stringify({ meta, sections: entries }).padEnd(reserved, ' '));
  const last = names.length ? entries[names.at(-1)!]! : null;
  const total = last ? align(last.offset + sections[names.at(-1)!]!.byteLength) : align(8 + reserved);
  const file = new Uint8Array(total);
  file.set(Buffer.from(MAGIC), 0);
  new DataView(file.buffer).setUint32(4, header.length, true);
  file.set(header, 8);
  for (const name of names) {
    const array = sections[name]!;
    file.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), entries[name]!.offset);
  }
  writeFileSync(path, file);
}

export class BinaryFile<Meta = unknown> {
  private constructor(
    readonly meta: Meta,
    private readonly bytes: Uint8Array,
    private readonly entries: Record<string, SectionEntry>,
  ) {}

  static open<Meta>(path: string): BinaryFile<Meta> {
    const bytes = Bun.mmap(path, { shared: false });
    if (Buffer.from(bytes.subarray(0, 4)).toString() !== MAGIC) throw new Error(`${path} is not an index file of this service`);
    const headerLength = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4, true);
    const header = JSON.parse(Buffer.from(bytes.subarray(8, 8 + headerLength)).toString()) as { meta: Meta; sections: Record<string, SectionEntry> };
    return new BinaryFile(header.meta, bytes, header.sections);
  }

  has(name: string): boolean {
    return name in this.entries;
  }

  /** The named section, a view on the mapped file (no copy). */
  section<T extends TypedArray>(name: string, type: new (buffer: ArrayBuffer, offset: number, length: number) => T): T {
    const entry = this.entries[name];
    if (!entry) throw new Error(`index file has no section "${name}"`);
    if (entry.type !== type.name) throw new Error(`section "${name}" holds ${entry.type}, not ${type.name}`);
    return new type(this.bytes.buffer as ArrayBuffer, this.bytes.byteOffset + entry.offset, entry.length);
  }
}
