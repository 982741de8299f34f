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
}
