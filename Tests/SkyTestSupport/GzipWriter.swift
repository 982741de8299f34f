import CZlib

/// gzip for the tests' servers (skyshell itself only reads gzip).
public enum GzipWriter {
    public static func compress(_ bytes: [UInt8], level: Int32 = 1) -> [UInt8] {
        var stream = z_stream()
        precondition(sky_deflate_init(&stream, level, 16 + 15) == Z_OK)
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, UInt(bytes.count))) + 64)
        var input = bytes
        let written = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                precondition(deflate(&stream, Z_FINISH) == Z_STREAM_END)
                return target.count - Int(stream.avail_out)
            }
        }
        return Array(output[..<written])
    }

    /// About `compressedBytes` of gzip that would expand a thousand times over (4 MB to about
    /// 4 GB of zeros): one sync-flushed chunk of deflated zeros repeated (its matches reach only
    /// zeros), then an empty final block. The trailer's CRC is not the data's: a reader that
    /// stops at its limit never gets there.
    public static func bomb(compressedBytes: Int) -> [UInt8] {
        var stream = z_stream()
        precondition(sky_deflate_init(&stream, 9, -15) == Z_OK)
        defer { deflateEnd(&stream) }
        var zeros = [UInt8](repeating: 0, count: 1 << 20)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        let written = zeros.withUnsafeMutableBufferPointer { source in
            chunk.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = UInt32(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = UInt32(target.count)
                precondition(deflate(&stream, Z_SYNC_FLUSH) == Z_OK && stream.avail_in == 0)
                return target.count - Int(stream.avail_out)
            }
        }
        let piece = chunk[..<written]
        var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 3]
        out.reserveCapacity(compressedBytes + piece.count + 32)
        while out.count < compressedBytes { out += piece }
        return out + [1, 0, 0, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 8)
    }
}
