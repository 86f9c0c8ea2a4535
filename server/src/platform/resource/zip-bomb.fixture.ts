import zlib from 'node:zlib';

/**
 * Crafted zips for the bound tests, built in memory in a few milliseconds. The bytes are written by
 * hand because a bomb lies: its directory says what the test wants, whatever the data holds.
 */
interface Entry {
  name: string;
  /** The entry's bytes as stored (deflated unless `stored`). */
  data: Buffer;
  /** The uncompressed size written into the local header and the central directory. */
  declared: number;
  stored?: boolean;
}

export function zipOf(entries: Entry[]): Buffer {
  const parts: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name, 'utf8');
    const method = e.stored ? 0 : 8;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(0x0800, 6); // UTF-8 names
    local.writeUInt16LE(method, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(e.declared, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(0x0800, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt32LE(e.data.length, 20);
    central.writeUInt32LE(e.declared, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    parts.push(local, name, e.data);
    directory.push(central, name);
    offset += local.length + name.length + e.data.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...parts, dir, end]);
}

/**
 * A deflate stream of `mib` MiB of zeros in about a kilobyte per MiB: one flushed block of 1 MiB
 * (it ends on a byte boundary and refers only to the zeros before it) repeated, then a final empty
 * block. 2,048 MiB take 2 MB, as in the report of issue 34.
 */
export function zeros(mib: number): Buffer {
  const block = zlib.deflateRawSync(Buffer.alloc(1024 * 1024), { finishFlush: zlib.constants.Z_SYNC_FLUSH });
  return Buffer.concat([...Array.from({ length: mib }, () => block), Buffer.from([0x03, 0x00])]);
}

const SHEET = 'xl/worksheets/sheet1.xml';

/** The three bombs of the tests, each a file named .xlsx that starts with the zip magic. */
export const bombs = {
  /** The directory tells the truth: 2 GiB. */
  declared: () => zipOf([{ name: SHEET, data: zeros(2048), declared: 2048 * 1024 * 1024 }]),
  /** The directory says 1 KB; the entry inflates to 2 GiB. */
  lying: () => zipOf([{ name: SHEET, data: zeros(2048), declared: 1000 }]),
  /** 20,000 empty entries (1.6 MB). */
  entries: () => zipOf(Array.from({ length: 20_000 }, (_, i) => ({ name: `xl/media/image${i}.png`, data: Buffer.alloc(0), declared: 0, stored: true }))),
};
