import CZlib

/// gzip data read through the system's zlib: the whole member checked (its CRC and length), a
/// body cut short or damaged is an error, and the output is limited (a small file cannot
/// expand into all the memory).
public enum Gzip {
    /// The bytes `gzipped` holds, at most `limit` of them.
    public static func decompress(_ gzipped: [UInt8], limit: Int) throws(TerrainError) -> [UInt8] {
        guard gzipped.count >= 18, gzipped[0] == 0x1F, gzipped[1] == 0x8B else { throw TerrainError("not gzip data") }
        var stream = z_stream()
        guard sky_inflate_init(&stream, 16 + 15) == Z_OK else { throw TerrainError("zlib cannot start") }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: min(limit, max(gzipped.count * 4, 1 << 16)))
        var produced = 0
        var status = Z_OK
        var input = gzipped
        input.withUnsafeMutableBufferPointer { source in
            stream.next_in = source.baseAddress
            stream.avail_in = UInt32(source.count)
            while status == Z_OK {
                if produced == output.count {
                    guard output.count < limit else { return }
                    // Grows by a contiguous block (copied whole, not element by element).
                    output += [UInt8](repeating: 0, count: min(output.count, limit - output.count))
                }
                output.withUnsafeMutableBufferPointer { target in
                    stream.next_out = target.baseAddress! + produced
                    stream.avail_out = UInt32(target.count - produced)
                    status = inflate(&stream, Z_NO_FLUSH)
                    produced = target.count - Int(stream.avail_out)
                }
                if status == Z_BUF_ERROR, stream.avail_in == 0 { break }
            }
        }
        switch status {
        case Z_STREAM_END:
            return Array(output[..<produced])
        case Z_OK where produced == limit:
            throw TerrainError("the data expands past \(limit / 1_048_576) MB")
        case Z_BUF_ERROR, Z_OK:
            throw TerrainError("the gzip data is cut short (\(gzipped.count) bytes)")
        default:
            throw TerrainError("the gzip data is damaged (\(stream.msg.map { String(cString: $0) } ?? String(cString: zError(status))))")
        }
    }
}
